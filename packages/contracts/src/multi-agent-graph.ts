import type { MaMode } from './multi-agent-values.js';

export interface MaGraph {
  mode: MaMode;
  members: Array<{ agent_id: string }>;
  edges: Array<{ from: string; to: string }>;
  start_agent_id: string;
  supervisor?: { llm_name: string } | null;
}

/** Members in pipeline order along the edges from the start (a `sequential` setup that is a path). */
export function pipelineOrder(graph: Pick<MaGraph, 'edges' | 'start_agent_id'>): string[] {
  const order = [graph.start_agent_id];
  for (;;) {
    const next = graph.edges.find((edge) => edge.from === order.at(-1));
    if (!next || order.includes(next.to)) return order;
    order.push(next.to);
  }
}

function reachable(graph: MaGraph): Set<string> {
  const seen = new Set([graph.start_agent_id]);
  const queue = [graph.start_agent_id];
  while (queue.length) {
    const from = queue.shift();
    for (const edge of graph.edges) {
      if (edge.from === from && !seen.has(edge.to)) {
        seen.add(edge.to);
        queue.push(edge.to);
      }
    }
  }
  return seen;
}

/**
 * What is wrong with a setup's graph, in Chinese, one line per problem (empty: valid). The server
 * refuses such a setup (40001) and the canvas shows the same lines. `nameOf` names a member.
 */
export function maGraphProblems(graph: MaGraph, nameOf: (agentId: string) => string = (agentId) => agentId): string[] {
  const problems: string[] = [];
  const ids = graph.members.map((member) => member.agent_id);
  const members = new Set(ids);
  if (members.size !== ids.length) problems.push('成员智能体不能重复');
  if (!members.has(graph.start_agent_id)) problems.push('起始智能体必须是成员之一');
  const pairs = new Set<string>();
  for (const edge of graph.edges) {
    if (!members.has(edge.from) || !members.has(edge.to)) problems.push('连线的两端必须都是成员智能体');
    else if (edge.from === edge.to) problems.push(`智能体「${nameOf(edge.from)}」不能连到自己`);
    else if (pairs.has(`${edge.from}>${edge.to}`)) problems.push(`「${nameOf(edge.from)}」到「${nameOf(edge.to)}」的连线重复`);
    pairs.add(`${edge.from}>${edge.to}`);
  }
  if (problems.length) return problems;
  if (graph.mode === 'supervisor') {
    if (!graph.supervisor?.llm_name) problems.push('主管协调模式需要选择协调者模型');
    return problems;
  }
  const seen = reachable(graph);
  for (const id of ids) if (!seen.has(id)) problems.push(`成员「${nameOf(id)}」从起始智能体无法到达，请连线`);
  if (graph.mode === 'sequential' && problems.length === 0) {
    const order = pipelineOrder(graph);
    if (order.length !== ids.length || graph.edges.length !== ids.length - 1) problems.push('顺序模式的连线必须从起始智能体出发，依次经过每个成员一次（一条不分叉的链）');
  }
  return problems;
}
