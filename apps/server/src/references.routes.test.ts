import type { AgentInfo, KnowledgeBase } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../test/harness.js';
import type { ReferenceRegistry } from './core/index.js';
import type { Db } from './platform/db/index.js';

describe('the reference registry, over what modules store', () => {
  let t: TestApp;
  let references: ReferenceRegistry<Db>;
  let alice: string;
  let aliceId: string;
  let kb: KnowledgeBase;
  let agent: AgentInfo;
  let tool: { id: string };

  beforeAll(async () => {
    t = await startTestApp({}, (_app, services) => {
      references = services.references;
    });
    const admin = await t.signUp('refs_admin');
    alice = await t.signUp('refs_alice');
    aliceId = (await t.userRow('refs_alice'))!.id as string;
    const model = (llm_name: string, type: string) => ({ llm_name, type, provider: 'openai-compatible', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-refs-0001', is_public: true });
    expectOk(await t.call('/api/llm/create_llm_model', model('Refs-Chat', 'chat'), admin));
    expectOk(await t.call('/api/llm/create_llm_model', model('refs-embed', 'embedding'), admin));
    kb = expectOk(await t.call<KnowledgeBase>('/api/kb/create_knowledge_base', { name: '引用手册', embedding_model: 'refs-embed' }, alice));
    tool = expectOk(await t.call<{ id: string }>('/api/tool/create', { kind: 'llm/kb', name: 'refs_search', title: '查引用手册', config: { kb_ids: [kb.id] } }, alice));
    agent = expectOk(await t.call<AgentInfo>('/api/agent/create', { name: '引用助手', llm_name: 'Refs-Chat', kb_ids: [kb.id], tool_ids: ['calculator', tool.id] }, alice));
  });
  afterAll(() => t?.close());

  it('lists every reference on the platform, blocking or not, with the kinds it joins', async () => {
    const edges = (await references.edges()).map((edge) => `${edge.from.kind}:${edge.from.name} → ${edge.toKind}:${edge.to}${edge.blocksDelete ? ' (blocks)' : ''}`);
    expect(edges.sort()).toEqual(
      [
        `knowledge_base:引用手册 → model:refs-embed (blocks)`,
        `agent:引用助手 → model:refs-chat (blocks)`,
        `agent:引用助手 → knowledge_base:${kb.id} (blocks)`,
        `agent:引用助手 → tool:calculator (blocks)`,
        `agent:引用助手 → tool:${tool.id} (blocks)`,
        `tool:查引用手册 → knowledge_base:${kb.id}`,
      ].sort(),
    );
  });

  it('answers "what uses this?" with the blocking references only, each user once', async () => {
    expect(await references.usersOf('knowledge_base', [kb.id])).toEqual([{ label: '智能体', names: ['引用助手'] }]);
    expect(await references.usersOf('model', ['refs-chat', 'refs-embed'])).toEqual([
      { label: '知识库', names: ['引用手册'] },
      { label: '智能体', names: ['引用助手'] },
    ]);
    expect(await references.usersOf('tool', [tool.id])).toEqual([{ label: '智能体', names: ['引用助手'] }]);
    // Only the tool owner's own agents keep it from being deleted; others' are counted, to warn of.
    expect(await references.usersOf('tool', [tool.id], 'someone-else')).toEqual([]);
    expect(await references.othersLosing('tool', [tool.id], 'someone-else')).toBe(1);
    expect(await references.othersLosing('tool', [tool.id], aliceId)).toBe(0);
    expect(await references.usersOf('knowledge_base', [])).toEqual([]);
  });

  it('counts what each user owns, and refuses deletes naming the users as before', async () => {
    const owned = Object.fromEntries((await references.countOwned([aliceId])).map(({ key, byOwner }) => [key, byOwner.get(aliceId) ?? 0]));
    expect(owned).toMatchObject({ knowledge_bases: 1, agents: 1, models: 0 });
    expectCode(await t.call('/api/kb/delete_knowledge_base', { kb_id: kb.id }, alice), 40901, '知识库正在被使用，无法删除：智能体「引用助手」');
    expectOk(await t.call('/api/agent/delete', { id: agent.id }, alice));
    expect(await references.usersOf('knowledge_base', [kb.id])).toEqual([]);
    expectOk(await t.call('/api/kb/delete_knowledge_base', { kb_id: kb.id }, alice));
  });
});
