import { TOPOLOGY_KINDS, type TopologyKind, type TopologyNode } from '@agent-platform/contracts';
import { TOPOLOGY_KIND_LABELS } from './constants';

/** What taking the thing away is called: a model is switched off, anything else deleted. */
const ACTION: Record<TopologyKind, string> = {
  multi_agent: '删除',
  agent: '删除',
  model: '停用',
  tool: '删除',
  service: '删除',
  knowledge_base: '删除',
  data_asset: '删除',
  datasource: '删除',
};

/** `7 个智能体和 2 个知识库`: the counts in the kinds' order, the last joined with 和 (a space before a number after a Chinese word). */
function countsOf(dependants: TopologyNode[]): string {
  const parts = TOPOLOGY_KINDS.flatMap((kind) => {
    const count = dependants.filter((node) => node.kind === kind).length;
    return count > 0 ? [`${count} 个${TOPOLOGY_KIND_LABELS[kind]}`] : [];
  });
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join('、')}和 ${parts.at(-1)}`;
}

/** "停用此模型将影响 7 个智能体和 2 个知识库", or that nothing depends on it. */
export function impactSentence(node: TopologyNode, dependants: TopologyNode[]): string {
  const label = TOPOLOGY_KIND_LABELS[node.kind];
  // A space between Chinese and a Latin word: 此 MCP 服务.
  const subject = `${ACTION[node.kind]}此${/^[A-Za-z]/.test(label) ? ' ' : ''}${label}`;
  if (dependants.length === 0) return `没有其他对象依赖它，${subject}不影响其他对象`;
  return `${subject}将影响 ${countsOf(dependants)}`;
}
