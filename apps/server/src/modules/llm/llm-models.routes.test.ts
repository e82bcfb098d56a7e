import type { LlmModel } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { createReferenceRegistry, edgesOf } from '../../core/index.js';
import { createModelRegistry } from './llm-models.service.js';
import { createModelCache } from './model-cache.js';
import { TEST_SECRET_KEY, rejectionOf, startLlmTestApp, testSecrets, type LlmTestContext } from '../../../test/fixtures/llm.js';

const ALICE_KEY = 'sk-alice-secret-key-7788';
const BOB_KEY = 'sk-bob-secret-key-9911';

describe('model registry: CRUD, visibility, masked keys', () => {
  let c: LlmTestContext;
  /** Every answer body, to prove no raw key ever left the server. */
  const answers: string[] = [];
  const call = async <T = any>(url: string, body: unknown, token: string) => {
    const result = await c.t.call<T>(url, body, token);
    answers.push(JSON.stringify(result.body));
    return result;
  };
  const storedKey = async (id: string) => (await c.t.rows<{ api_key_sealed: string | null }>(sql`select api_key_sealed from llm_models where id = ${id}`))[0]?.api_key_sealed;

  let alicePrivate: LlmModel;
  let alicePublic: LlmModel;
  let bobModel: LlmModel;

  beforeAll(async () => {
    c = await startLlmTestApp();
    alicePrivate = expectOk(
      await call<LlmModel>(
        '/api/llm/create_llm_model',
        { llm_name: 'alice-chat', type: 'chat', base_url: `${c.llm.url}/`, api_key: ALICE_KEY, owner_id: '00000000-0000-0000-0000-000000000000', created_at: '2000-01-01' },
        c.alice,
      ),
    );
    alicePublic = expectOk(
      await call<LlmModel>('/api/llm/create_llm_model', { llm_name: 'alice-public', type: 'embedding', provider: 'deepseek', api_key: ALICE_KEY, is_public: true }, c.alice),
    );
    bobModel = expectOk(await call<LlmModel>('/api/llm/create_llm_model', { llm_name: 'bob-chat', type: 'chat', base_url: c.llm.url, api_key: BOB_KEY }, c.bob));
  });
  afterAll(async () => {
    for (const text of answers) {
      expect(text).not.toContain(ALICE_KEY);
      expect(text).not.toContain(BOB_KEY);
      expect(text).not.toContain('api_key_sealed');
      expect(text).not.toContain(TEST_SECRET_KEY);
    }
    await c.close();
  });

  it('creates with defaults, a masked key and the caller as owner (server-owned fields ignored)', async () => {
    const alice = await c.viewerOf(c.alice);
    expect(alicePrivate).toMatchObject({
      llm_name: 'alice-chat',
      display_name: 'alice-chat',
      upstream_model: 'alice-chat',
      provider: 'openai-compatible',
      base_url: c.llm.url,
      api_key: 'sk-a****7788',
      has_api_key: true,
      status: 'enabled',
      is_public: false,
      context_window: 8192,
      temperature: null,
      supports_tools: false,
      owner_id: alice.id,
      can_edit: true,
    });
    expect(alicePrivate.created_at.startsWith('2000')).toBe(false);
    expect(alicePublic.base_url).toBe('https://api.deepseek.com/v1');
  });

  it('stores the key sealed, never as plaintext', async () => {
    const sealed = await storedKey(alicePrivate.id);
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain(ALICE_KEY);
    expect(testSecrets.open(sealed!)).toBe(ALICE_KEY);
  });

  it('refuses a second model with the same name, ignoring case', async () => {
    expectCode(await call('/api/llm/create_llm_model', { llm_name: 'ALICE-chat', type: 'chat', base_url: c.llm.url }, c.bob), 40901, '模型名称 ALICE-chat 已存在，请换一个名称');
  });

  it('lists own and public models for users, everything for administrators, with filters and pages', async () => {
    const names = async (token: string, filter: Record<string, unknown> = {}) => expectOk(await call<{ total: number; list: LlmModel[] }>('/api/llm/query_all_models', filter, token));
    const forBob = await names(c.bob);
    expect(forBob.list.map((model) => model.llm_name).sort()).toEqual(['alice-public', 'bob-chat']);
    expect(forBob.list.find((model) => model.llm_name === 'alice-public')).toMatchObject({ api_key: '', has_api_key: true, can_edit: false });
    expect((await names(c.admin)).total).toBe(3);
    expect((await names(c.admin)).list.every((model) => model.can_edit && model.api_key.includes('****'))).toBe(true);
    expect((await names(c.alice, { type: 'embedding' })).list.map((model) => model.llm_name)).toEqual(['alice-public']);
    expect((await names(c.alice, { keyword: 'CHAT' })).list.map((model) => model.llm_name)).toEqual(['alice-chat']);
    expect((await names(c.alice, { keyword: '%' })).total).toBe(0);
    const page = await names(c.admin, { page: 2, page_size: 2 });
    expect({ total: page.total, size: page.list.length }).toEqual({ total: 3, size: 1 });
  });

  it("keeps another user's private model invisible (40401) and their public one read-only (40301)", async () => {
    expectCode(await call('/api/llm/query_llm_by_id', { id: alicePrivate.id }, c.bob), 40401, '模型不存在');
    expectCode(await call('/api/llm/get_model_config', { llm_name: 'alice-chat' }, c.bob), 40401, '模型不存在');
    expectCode(await call('/api/llm/update_llm_model', { id: alicePrivate.id, display_name: 'x' }, c.bob), 40401, '模型不存在');
    expectCode(await call('/api/llm/update_status', { id: alicePrivate.id, status: 'disabled' }, c.bob), 40401, '模型不存在');
    expectCode(await call('/api/llm/delete_llm_by_id', { id: alicePrivate.id }, c.bob), 40401, '模型不存在');

    expect(expectOk(await call<LlmModel>('/api/llm/get_model_config', { llm_name: 'ALICE-PUBLIC' }, c.bob)).id).toBe(alicePublic.id);
    const notYours = '只有模型的创建者或管理员可以修改或删除它';
    expectCode(await call('/api/llm/update_llm_model', { id: alicePublic.id, base_url: 'https://evil.example/v1' }, c.bob), 40301, notYours);
    expectCode(await call('/api/llm/update_status', { id: alicePublic.id, status: 'disabled' }, c.bob), 40301, notYours);
    expectCode(await call('/api/llm/delete_llm_by_id', { id: alicePublic.id }, c.bob), 40301, notYours);
    const row = (await c.t.rows(sql`select base_url, status from llm_models where id = ${alicePublic.id}`))[0];
    expect(row).toEqual({ base_url: 'https://api.deepseek.com/v1', status: 'enabled' });

    expect(expectOk(await call<LlmModel>('/api/llm/query_llm_by_id', { id: alicePrivate.id }, c.admin)).can_edit).toBe(true);
    expectCode(await call('/api/llm/query_llm_by_id', { id: '00000000-0000-4000-8000-000000000000' }, c.alice), 40401, '模型不存在');
  });

  it('keeps the key when the update leaves it out or sends it back masked; replaces or clears it otherwise', async () => {
    const update = (fields: Record<string, unknown>) => call<LlmModel>('/api/llm/update_llm_model', { id: bobModel.id, ...fields }, c.bob);
    const before = await storedKey(bobModel.id);
    expect(expectOk(await update({ display_name: 'Bob 的模型', temperature: 0.3 }))).toMatchObject({ display_name: 'Bob 的模型', temperature: 0.3, api_key: 'sk-b****9911' });
    expectOk(await update({ api_key: 'sk-b****9911' }));
    expect(await storedKey(bobModel.id)).toBe(before);
    expectCode(await update({ api_key: 'sk-x****abcd' }), 40001, /脱敏后的密钥/);

    expect(expectOk(await update({ api_key: 'sk-new-key-55667788' })).api_key).toBe('sk-n****7788');
    expect(testSecrets.open((await storedKey(bobModel.id))!)).toBe('sk-new-key-55667788');
    expect(expectOk(await update({ api_key: '', temperature: null }))).toMatchObject({ api_key: '', has_api_key: false, temperature: null });
    expect(await storedKey(bobModel.id)).toBeNull();
  });

  it('lets owners and administrators switch the status and rename; a taken name is refused', async () => {
    expect(expectOk(await call<LlmModel>('/api/llm/update_status', { id: bobModel.id, status: 'disabled' }, c.bob)).status).toBe('disabled');
    expect(expectOk(await call<LlmModel>('/api/llm/update_status', { id: bobModel.id, status: 'enabled' }, c.admin)).status).toBe('enabled');
    expectCode(await call('/api/llm/update_llm_model', { id: bobModel.id, llm_name: 'Alice-Chat' }, c.bob), 40901, '模型名称 Alice-Chat 已存在，请换一个名称');
    expect(expectOk(await call<LlmModel>('/api/llm/update_llm_model', { id: bobModel.id, llm_name: 'bob-chat-2', provider: 'moonshot' }, c.bob))).toMatchObject({
      llm_name: 'bob-chat-2',
      provider: 'moonshot',
      base_url: 'https://api.moonshot.cn/v1',
    });
  });

  it('refuses bad input with 40001 naming the field and the rule', async () => {
    const create = (body: Record<string, unknown>) => call('/api/llm/create_llm_model', body, c.alice);
    const ok = { llm_name: 'm-bad', type: 'chat', base_url: c.llm.url };
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ type: 'chat', base_url: c.llm.url }, '参数 llm_name 不合法：请输入模型名称'],
      [{ ...ok, llm_name: 'm'.repeat(101) }, '参数 llm_name 不合法：模型名称不能超过 100 个字符'],
      [{ ...ok, llm_name: 42 }, '参数 llm_name 不合法：模型名称必须是文本'],
      [{ ...ok, llm_name: 'a b' }, /模型名称只能包含文字、数字/],
      [{ ...ok, type: 'music' }, '参数 type 不合法：模型类型只能是 chat、embedding、rerank、vision 或 stt'],
      [{ ...ok, provider: 'acme' }, '参数 provider 不合法：不支持的模型提供方：acme'],
      [{ ...ok, base_url: 'ftp://example.com' }, /接口地址必须是以 http:\/\/ 或 https:\/\/ 开头的网址/],
      [{ ...ok, base_url: 'not a url' }, /接口地址必须是以 http/],
      [{ ...ok, base_url: 'http://user:pw@example.com/v1' }, /接口地址必须是以 http/],
      [{ llm_name: 'm-bad', type: 'chat' }, '参数 base_url 不合法：请输入接口地址（通用 OpenAI 兼容提供方没有默认地址）'],
      [{ ...ok, temperature: 3 }, '参数 temperature 不合法：温度不能大于 2'],
      [{ ...ok, context_window: 1.5 }, '参数 context_window 不合法：上下文长度必须是整数'],
      [{ ...ok, is_public: 'yes' }, '参数 is_public 不合法：是否公开必须是 true 或 false'],
      [{ ...ok, api_key: 'k'.repeat(501) }, '参数 api_key 不合法：API 密钥不能超过 500 个字符'],
      [{ ...ok, api_key: 'sk-a****7788' }, /脱敏后的密钥/],
    ];
    for (const [body, msg] of cases) expectCode(await create(body), 40001, msg);
    expectCode(await call('/api/llm/update_llm_model', { display_name: 'x' }, c.alice), 40001, '参数 id 不合法：缺少模型 id');
    expectCode(await call('/api/llm/update_status', { id: alicePrivate.id, status: 'paused' }, c.alice), 40001, '参数 status 不合法：状态只能是 enabled 或 disabled');
    expect(await c.t.count('llm_models')).toBe(3);
  });

  it('refuses to delete or rename a model that something uses, naming what uses it', async () => {
    const registry = createModelRegistry({
      db: c.t.database.db,
      secrets: testSecrets,
      cache: createModelCache({ bus: c.t.database.bus, ttlMs: 0 }),
      references: createReferenceRegistry([
        {
          references: [
            {
              from: 'agent',
              label: '智能体',
              to: 'model',
              blocksDelete: true,
              find: async (names) =>
                names?.includes('alice-chat')
                  ? edgesOf('agent', [
                      { id: 'a1', name: '客服助手', target: 'alice-chat' },
                      { id: 'a2', name: '翻译官', target: 'alice-chat' },
                    ])
                  : [],
            },
          ],
        },
        {
          references: [
            {
              from: 'knowledge_base',
              label: '知识库',
              to: 'model',
              blocksDelete: true,
              find: async (names) => (names?.includes('alice-chat') ? edgesOf('knowledge_base', [{ id: 'k1', name: '产品手册', target: 'alice-chat' }]) : []),
            },
          ],
        },
      ]),
    });
    const alice = await c.viewerOf(c.alice);
    const refusal = await rejectionOf(registry.deleteModel(alice, alicePrivate.id));
    expect(refusal).toMatchObject({ code: 'CONFLICT', message: '模型「alice-chat」正在被使用，不能删除：智能体「客服助手」、「翻译官」；知识库「产品手册」' });
    expect(await rejectionOf(registry.updateModel(alice, { id: alicePrivate.id, llm_name: 'renamed' }))).toMatchObject({ code: 'CONFLICT' });
    expect(await c.t.count('llm_models')).toBe(3);
  });

  it('counts models per owner in the usage statistics, and deletes', async () => {
    const stats = expectOk(await call<{ list: Array<{ user_name: string; counts: Record<string, number> }> }>('/api/user/stat_all_users_usage', {}, c.admin));
    expect(stats.list.find((row) => row.user_name === 'llm_alice')?.counts.models).toBe(2);
    expectOk(await call('/api/llm/delete_llm_by_id', { id: alicePrivate.id }, c.alice));
    expectCode(await call('/api/llm/query_llm_by_id', { id: alicePrivate.id }, c.alice), 40401, '模型不存在');
    expect(await c.t.count('llm_models')).toBe(2);
  });
});
