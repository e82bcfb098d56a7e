import type { TopologyKind, TopologyNode } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { impactSentence } from './impact';

const node = (kind: TopologyKind, id: string): TopologyNode => ({ key: `${kind}:${id}`, kind, id, name: id, owner_id: null, owner_name: null, is_public: true, tags: [], dependants: [] });
const many = (kind: TopologyKind, count: number) => Array.from({ length: count }, (_, index) => node(kind, `${kind}${index}`));

describe('impactSentence', () => {
  it('counts the dependants per kind, in the kinds’ order, the last joined with 和', () => {
    expect(impactSentence(node('model', 'm'), [...many('knowledge_base', 2), ...many('agent', 7)])).toBe('停用此模型将影响 7 个智能体和 2 个知识库');
    expect(impactSentence(node('knowledge_base', 'k'), [...many('tool', 1), ...many('agent', 3), ...many('service', 0)])).toBe('删除此知识库将影响 3 个智能体和 1 个工具');
    expect(impactSentence(node('model', 'm'), [...many('agent', 1), ...many('tool', 2), ...many('knowledge_base', 1)])).toBe('停用此模型将影响 1 个智能体、2 个工具和 1 个知识库');
    expect(impactSentence(node('service', 's'), many('agent', 1))).toBe('删除此 MCP 服务将影响 1 个智能体');
  });

  it('says when nothing depends on the thing', () => {
    expect(impactSentence(node('agent', 'a'), [])).toBe('没有其他对象依赖它，删除此智能体不影响其他对象');
  });
});
