import type { Page } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';

/** The one tag filter (`namesForFilter` + `taggedWithAny`) as every list uses it: tools, agents, knowledge bases, services. */
describe('tag filters of every list: sub-tags of a first-level tag, ignoring case', () => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  const lists = {
    tool: { url: '/api/tool/query_my_tools', name: (one: Record<string, string>) => one.title! },
    agent: { url: '/api/agent/list', name: (one: Record<string, string>) => one.name! },
    kb: { url: '/api/kb/list', name: (one: Record<string, string>) => one.name! },
    service: { url: '/api/service/query_my_services', name: (one: Record<string, string>) => one.name! },
  } as const;
  type Kind = keyof typeof lists;
  const filtered = async (kind: Kind, tag: string) =>
    expectOk(await t.call<Page<Record<string, string>>>(lists[kind].url, { tag, page_size: 100 }, alice))
      .list.map(lists[kind].name)
      .sort();

  beforeAll(async () => {
    t = await startTestApp();
    [admin, alice] = [await t.signUp('tagf_admin'), await t.signUp('tagf_alice')];
    // Agents need a chat model to exist; nothing here calls it.
    expectOk(
      await t.call(
        '/api/llm/create_llm_model',
        { llm_name: 'tagf-model', type: 'chat', provider: 'openai-compatible', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-tagf', is_public: true },
        admin,
      ),
    );
    for (const tagType of ['tool', 'agent', 'kb', 'service'] as const) {
      const docs = expectOk(await t.call<{ id: string }>('/api/tag/tag_create', { tag_type: tagType, name: 'Docs' }, admin));
      expectOk(await t.call('/api/tag/tag_create', { tag_type: tagType, name: 'FAQ', parent_id: docs.id }, admin));
      expectOk(await t.call('/api/tag/tag_create', { tag_type: tagType, name: 'Other' }, admin));
    }
    const httpTool = (name: string, tags: string[]) => ({ kind: 'llm', name, title: name, tags, config: { method: 'GET', url: 'https://api.example.com/x' } });
    expectOk(await t.call('/api/tool/create', httpTool('tool_faq', ['faq']), alice));
    expectOk(await t.call('/api/tool/create', httpTool('tool_other', ['Other']), alice));
    expectOk(await t.call('/api/agent/create', { name: 'agent_faq', llm_name: 'tagf-model', tags: ['FAQ'] }, alice));
    expectOk(await t.call('/api/agent/create', { name: 'agent_other', llm_name: 'tagf-model', tags: ['Other'] }, alice));
    expectOk(await t.call('/api/kb/create_knowledge_base', { name: 'kb_faq', tags: ['Faq'] }, alice));
    expectOk(await t.call('/api/kb/create_knowledge_base', { name: 'kb_other', tags: ['Other'] }, alice));
    expectOk(await t.call('/api/service/create', { name: 'service_faq', url: 'https://mcp.example.com/mcp', tags: ['FAQ'] }, alice));
    expectOk(await t.call('/api/service/create', { name: 'service_other', url: 'https://mcp.example.com/mcp', tags: ['Other'] }, alice));
  });
  afterAll(() => t.close());

  it.each(['tool', 'agent', 'kb', 'service'] as const)('%s: a first-level tag finds its sub-tags, in any case', async (kind) => {
    expect(await filtered(kind, 'Docs')).toEqual([`${kind}_faq`]);
    expect(await filtered(kind, 'docs')).toEqual([`${kind}_faq`]);
    expect(await filtered(kind, 'fAq')).toEqual([`${kind}_faq`]);
    expect(await filtered(kind, 'OTHER')).toEqual([`${kind}_other`]);
    expect(await filtered(kind, '没有这个标签')).toEqual([]);
  });

  it('matches names stored in another case before tags were checked', async () => {
    expectOk(await t.call('/api/agent/create', { name: 'agent_legacy', llm_name: 'tagf-model' }, alice));
    await t.rows(sql`update agents set tags = array['LEGACY'] where name = 'agent_legacy'`);
    expect(await filtered('agent', 'legacy')).toEqual(['agent_legacy']);
    await t.rows(sql`update tools set tags = '["oTHer"]'::jsonb where name = 'tool_other'`);
    expect(await filtered('tool', 'Other')).toEqual(['tool_other']);
  });

  it('tools, services and agents take only tags of their own type, stored as the tag manager spells them', async () => {
    const made = expectOk(
      await t.call<{ id: string; tags: string[] }>(
        '/api/tool/create',
        { kind: 'llm', name: 'spelled', title: 'spelled', tags: ['docs', 'faq'], config: { method: 'GET', url: 'https://api.example.com/x' } },
        alice,
      ),
    );
    expect(made.tags).toEqual(['Docs', 'FAQ']);
    expectOk(await t.call('/api/tag/tag_create', { tag_type: 'agent', name: '只给智能体' }, admin));
    const refused = { kind: 'llm', name: 'refused', title: 'refused', tags: ['Docs', '只给智能体', '随手写的'], config: { method: 'GET', url: 'https://api.example.com/x' } };
    expectCode(await t.call('/api/tool/create', refused, alice), 40001, '没有名为「只给智能体」「随手写的」的工具标签，请先在标签管理中添加');
    expectCode(await t.call('/api/tool/update', { id: made.id, tags: ['Docs', '随手写的'] }, alice), 40001, /没有名为「随手写的」的工具标签/);
    expectCode(
      await t.call('/api/service/create', { name: 'refused', url: 'https://mcp.example.com/mcp', tags: ['只给智能体'] }, alice),
      40001,
      '没有名为「只给智能体」的服务标签，请先在标签管理中添加',
    );
    expectCode(
      await t.call('/api/agent/create', { name: 'refused', llm_name: 'tagf-model', tags: ['Docs', '随手写的'] }, alice),
      40001,
      '没有名为「随手写的」的智能体标签，请先在标签管理中添加',
    );
    const agent = expectOk(await t.call<{ id: string; tags: string[] }>('/api/agent/create', { name: 'spelled', llm_name: 'tagf-model', tags: ['docs', 'faq'] }, alice));
    expect(agent.tags).toEqual(['Docs', 'FAQ']);
    expectCode(await t.call('/api/agent/update', { id: agent.id, tags: ['Docs', '只给工具的'] }, alice), 40001, /没有名为「只给工具的」的智能体标签/);
    expect((await t.rows(sql`select id from tools where name = 'refused'`)).length).toBe(0);
    expect((await t.rows(sql`select id from mcp_services where name = 'refused'`)).length).toBe(0);
    // A tag deleted since stays on the tool it was on until the tool's tags change.
    await t.rows(sql`update tools set tags = '["Docs", "旧标签"]'::jsonb where id = ${made.id}`);
    expect(expectOk(await t.call<{ tags: string[] }>('/api/tool/update', { id: made.id, tags: ['旧标签', 'other'] }, alice)).tags).toEqual(['旧标签', 'Other']);
  });
});
