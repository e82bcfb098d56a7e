import { describe, expect, it } from 'vitest';
import { createReferenceRegistry, edgesOf, namedUsers, othersLoseNotice, type Reference } from './references.js';

/** A reference over fixed edges, filtered by target as a query would be. */
function fixed(reference: Omit<Reference, 'find'>, rows: Array<{ id: string; name: string; target: string }>): Reference {
  return { ...reference, find: async (targets) => edgesOf(reference.from, targets ? rows.filter((row) => targets.includes(row.target)) : rows) };
}

const agentsOnModels = fixed({ from: 'agent', label: '智能体', to: 'model', blocksDelete: true }, [
  { id: 'a1', name: '客服', target: 'chat' },
  { id: 'a2', name: '翻译', target: 'chat' },
]);
const kbsOnModels = fixed({ from: 'knowledge_base', label: '知识库', to: 'model', blocksDelete: true }, [
  // Embedding and rerank with the same model: one knowledge base, two edges.
  { id: 'k1', name: '手册', target: 'chat' },
  { id: 'k1', name: '手册', target: 'chat' },
]);
const toolsOnModels = fixed({ from: 'tool', label: '工具', to: 'model', blocksDelete: false }, [{ id: 't1', name: '看图', target: 'chat' }]);

describe('reference registry', () => {
  const registry = createReferenceRegistry([{ references: [kbsOnModels] }, { references: [agentsOnModels, toolsOnModels] }]);

  it('names the blocking users of a target in declaration order, each once', async () => {
    const users = await registry.usersOf('model', ['chat']);
    expect(users).toEqual([
      { label: '知识库', names: ['手册'] },
      { label: '智能体', names: ['客服', '翻译'] },
    ]);
    expect(namedUsers(users)).toEqual(['知识库「手册」', '智能体「客服」', '智能体「翻译」']);
    expect(await registry.usersOf('model', ['other'])).toEqual([]);
    expect(await registry.usersOf('file', ['chat'])).toEqual([]);
  });

  it('lists every edge, the non-blocking ones too, with the target kind', async () => {
    const edges = await registry.edges();
    expect(edges).toHaveLength(5);
    expect(edges.filter((edge) => !edge.blocksDelete)).toEqual([{ from: { kind: 'tool', id: 't1', name: '看图' }, to: 'chat', toKind: 'model', blocksDelete: false }]);
  });

  it("counts only the owner's referrers as blocking where others lose the target, and counts the others", async () => {
    const agentsOnTools: Reference = {
      from: 'agent',
      label: '智能体',
      to: 'tool',
      blocksDelete: true,
      othersLoseIt: true,
      find: async () =>
        edgesOf('agent', [
          { id: 'a1', name: '自己的', target: 't1', ownerId: 'owner' },
          { id: 'a2', name: '别人的', target: 't1', ownerId: 'other' },
          { id: 'a3', name: '别人的另一个', target: 't1', ownerId: 'third' },
        ]),
    };
    const tools = createReferenceRegistry([{ references: [agentsOnTools] }]);
    expect(await tools.usersOf('tool', ['t1'], 'owner')).toEqual([{ label: '智能体', names: ['自己的'] }]);
    expect(await tools.usersOf('tool', ['t1'], 'nobody')).toEqual([]);
    expect(await tools.usersOf('tool', ['t1'])).toEqual([{ label: '智能体', names: ['自己的', '别人的', '别人的另一个'] }]);
    expect(await tools.othersLosing('tool', ['t1'], 'owner')).toBe(2);
    expect(await tools.othersLosing('tool', [], 'owner')).toBe(0);
    expect(othersLoseNotice(0, '工具', '被删除')).toBeUndefined();
    expect(othersLoseNotice(2, '工具', '被删除')?.warning).toMatch(/^另有 2 个其他用户的智能体使用该工具/);
  });

  it('collects owned counts and tag columns from every module', async () => {
    const counts = createReferenceRegistry<string>([
      { owned: [{ key: 'agents', countByOwner: async (ids) => new Map(ids.map((id) => [id, 2])) }], tagged: [{ tagType: 'agent', renameTag: async () => {}, removeTags: async () => {} }] },
      { owned: [{ key: 'models', countByOwner: async () => new Map() }] },
    ]);
    const owned = await counts.countOwned(['u1']);
    expect(owned.map(({ key, byOwner }) => [key, byOwner.get('u1') ?? 0])).toEqual([
      ['agents', 2],
      ['models', 0],
    ]);
    expect(counts.taggedColumns('agent')).toHaveLength(1);
    expect(counts.taggedColumns('kb')).toEqual([]);
  });
});
