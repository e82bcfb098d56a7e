import type { OpenApiPreview, Page, ReimportResult, ToolInfo, ToolProviderInfo, ToolUseResult } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../../test/harness.js';
import { startVaultServer, VAULT_SECRETS, type VaultServer } from '../../../../test/fixtures/tool-vault.js';

describe('API tool sets: an OpenAPI document with securitySchemes, one shared credential', () => {
  let t: TestApp;
  let vault: VaultServer;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  const use = async (id: string, token: string, input: Record<string, unknown> = {}) => expectOk(await t.call<ToolUseResult>('/api/tool/tool_use', { id, input }, token));
  const listed = async (token: string) => expectOk(await t.call<Page<ToolProviderInfo>>('/api/tool/provider/list', { page_size: 100 }, token)).list.map((one) => one.id);
  const toolOf = (provider: ToolProviderInfo, name: string) => provider.tools.find((tool) => tool.name === name)!;
  const noSecrets = (value: unknown) => {
    for (const secret of Object.values(VAULT_SECRETS)) expect(JSON.stringify(value)).not.toContain(secret);
  };

  beforeAll(async () => {
    vault = await startVaultServer();
    t = await startTestApp({ SECRET_KEY: Buffer.alloc(32, 7).toString('base64') });
    await t.signUp('set_admin');
    alice = await t.signUp('set_alice');
    bob = await t.signUp('set_bob');
    // Tool names are unique per owner: each test imports as a user of its own.
    carol = await t.signUp('set_carol');
    dave = await t.signUp('set_dave');
  });
  afterAll(async () => {
    await t?.close();
    await vault?.close();
  });

  it('reads the auth scheme from securitySchemes, noting what it passes over, from a pasted document or its URL', async () => {
    const pasted = expectOk(await t.call<OpenApiPreview>('/api/tool/parse_openapi', { document: vault.document('bearer') }, alice));
    expect(pasted.auth).toEqual({ type: 'bearer' });
    expect(pasted.auth_notes).toEqual(['认证方式「corporate」（oauth2）暂不支持，已忽略；可在工具集中改用 API Key、Bearer Token 或 Basic 认证']);
    expect(pasted.document).toBeUndefined();
    const fetched = expectOk(await t.call<OpenApiPreview>('/api/tool/parse_openapi', { url: vault.documentUrl('key-query') }, alice));
    expect(fetched).toMatchObject({ auth: { type: 'api_key', in: 'query', name: 'vault_key' }, document: vault.document('key-query') });
    expect(fetched.operations.map((operation) => operation.key)).toEqual(['listNotes', 'getNote', 'ping']);
    // Fetched as an untrusted caller: the outbound rules refuse the cloud metadata address.
    expectCode(await t.call('/api/tool/parse_openapi', { url: 'http://169.254.169.254/openapi.json' }, alice), 40001, /^无法获取 OpenAPI 文档：/);
    expectCode(await t.call('/api/tool/parse_openapi', { url: `${vault.url}/nothing.json` }, alice), 40001, '无法获取 OpenAPI 文档：文档网址返回 HTTP 404');
    expectCode(await t.call('/api/tool/parse_openapi', {}, alice), 40001, '请求参数不合法：请粘贴 OpenAPI 文档或填写文档网址（二选一）');
    expectCode(await t.call('/api/tool/provider/create', {}, alice), 40001, '请粘贴 OpenAPI 文档或填写文档网址（二选一）');
  });

  it('imports the operations as tools that call with the set credential, entered once and never answered', async () => {
    const created = expectOk(
      await t.call<ToolProviderInfo>(
        '/api/tool/provider/create',
        { document: vault.document('bearer'), operations: ['listNotes', 'getNote'], credential: { secret: VAULT_SECRETS.robot }, is_public: true },
        alice,
      ),
    );
    expect(created).toMatchObject({
      title: '保险库（bearer）',
      auth: { type: 'bearer' },
      credential_mode: 'shared',
      server_url: vault.url,
      editable: true,
      credential: { username: '', secret: 'vaul****0001' },
      my_credential: null,
    });
    expect(created.tools.map((tool) => [tool.name, tool.provider?.id, tool.is_public])).toEqual([
      ['getNote', created.id, true],
      ['listNotes', created.id, true],
    ]);
    noSecrets(created);
    const [stored] = await t.rows<{ credential_sealed: string }>(sql`select credential_sealed from tool_providers where id = ${created.id}`);
    expect(stored!.credential_sealed).toMatch(/^v1\./);
    expect(stored!.credential_sealed).not.toContain(VAULT_SECRETS.robot);

    const notes = await use(toolOf(created, 'listNotes').id, alice, { limit: 3 });
    expect(JSON.parse(notes.output)).toEqual({ who: 'robot', path: 'notes', query: { limit: '3' } });
    const one = await use(toolOf(created, 'getNote').id, bob, { noteId: 'n-1' });
    expect(JSON.parse(one.output)).toMatchObject({ who: 'robot', path: 'notes/n-1' });
    noSecrets([notes, one]);

    // Another user sees the public set and its tools, but not even the masked credential.
    const seen = expectOk(await t.call<ToolProviderInfo>('/api/tool/provider/detail', { id: created.id }, bob));
    expect(seen).toMatchObject({ editable: false, credential: null });
    expectCode(await t.call('/api/tool/provider/update', { id: created.id, title: 'x' }, bob), 40301);
    const page = expectOk(await t.call<{ list: Array<{ provider: unknown }> }>('/api/tool/query_tool_list', { kind: 'llm' }, bob));
    expect(page.list.filter((tool) => tool.provider)).toHaveLength(2);
    expect(await listed(bob)).toContain(created.id);
  });

  it('an operation’s own security overrides the document’s: `security: []` sends no credential, `{}` among others still does', async () => {
    const erin = await t.signUp('set_erin');
    const document = JSON.parse(vault.document('bearer')) as { security?: unknown[]; paths: Record<string, unknown> };
    document.security = [{ vault: [] }];
    document.paths['/vault/bearer/public/status'] = { get: { operationId: 'publicStatus', summary: '公开状态', security: [] } };
    document.paths['/vault/bearer/public/optional'] = { get: { operationId: 'optionalStatus', summary: '可选认证', security: [{}, { vault: [] }] } };
    const anonymousOf = async (text: string) =>
      Object.fromEntries(expectOk(await t.call<OpenApiPreview>('/api/tool/parse_openapi', { document: text }, erin)).operations.map((operation) => [operation.key, operation.anonymous]));
    expect(await anonymousOf(JSON.stringify(document))).toEqual({ listNotes: false, getNote: false, ping: false, publicStatus: true, optionalStatus: false });

    const created = expectOk(await t.call<ToolProviderInfo>('/api/tool/provider/create', { document: JSON.stringify(document), credential: { secret: VAULT_SECRETS.robot } }, erin));
    expect(JSON.parse((await use(toolOf(created, 'publicStatus').id, erin)).output)).toEqual({ who: 'anonymous', credential_sent: false });
    expect(JSON.parse((await use(toolOf(created, 'optionalStatus').id, erin)).output)).toEqual({ who: 'anonymous', credential_sent: true });
    expect(JSON.parse((await use(toolOf(created, 'listNotes').id, erin)).output)).toMatchObject({ who: 'robot' });

    // Edited by hand without the marker (as an older page would send it), the operation still sends no credential.
    const publicStatus = expectOk(await t.call<ToolInfo>('/api/tool/query_tool_by_id', { id: toolOf(created, 'publicStatus').id }, erin));
    const { anonymous, ...edited } = publicStatus.config as Record<string, unknown>;
    expect(anonymous).toBe(true);
    expectOk(await t.call('/api/tool/update', { id: publicStatus.id, config: edited }, erin));
    expect(JSON.parse((await use(publicStatus.id, erin)).output)).toEqual({ who: 'anonymous', credential_sent: false });

    // The document's own `security: []`: every operation without one of its own needs no credential.
    document.security = [];
    expect(await anonymousOf(JSON.stringify(document))).toEqual({ listNotes: true, getNote: true, ping: true, publicStatus: true, optionalStatus: false });
  });

  it('reaches an API that refuses calls without the credential (401) and works once it is set', async () => {
    const created = expectOk(await t.call<ToolProviderInfo>('/api/tool/provider/create', { url: vault.documentUrl('key-header'), title: '头部密钥' }, carol));
    expect(created).toMatchObject({ auth: { type: 'api_key', in: 'header', name: 'X-Vault-Key' }, credential: null, document_url: vault.documentUrl('key-header') });
    const ping = toolOf(created, 'ping');
    expect((await use(ping.id, carol)).error).toBe('工具集「头部密钥」还没有填写认证密钥，请联系创建者在工具集页面填写');
    const none = expectOk(await t.call<ToolProviderInfo>('/api/tool/provider/update', { id: created.id, auth: { type: 'none' } }, carol));
    expect((await use(toolOf(none, 'ping').id, carol)).error).toBe('接口返回错误状态 401：{"error":"unauthorized"}');
    const keyed = expectOk(
      await t.call<ToolProviderInfo>(
        '/api/tool/provider/update',
        { id: created.id, auth: { type: 'api_key', in: 'header', name: 'X-Vault-Key' }, credential: { secret: VAULT_SECRETS.robot } },
        carol,
      ),
    );
    expect(JSON.parse((await use(ping.id, carol)).output)).toMatchObject({ who: 'robot', path: 'ping' });
    // The masked value sent back keeps the secret; a masked value that is not the stored one is refused.
    expectOk(await t.call('/api/tool/provider/update', { id: created.id, title: '头部密钥2', credential: keyed.credential }, carol));
    expect(JSON.parse((await use(ping.id, carol)).output)).toMatchObject({ who: 'robot' });
    expectCode(await t.call('/api/tool/provider/update', { id: created.id, credential: { secret: 'abcd****wxyz' } }, carol), 40001, '请重新输入认证密钥（不能提交打码后的值）');
  });

  it('sends basic and query-key credentials as their schemes say', async () => {
    const basic = expectOk(
      await t.call<ToolProviderInfo>(
        '/api/tool/provider/create',
        { document: vault.document('basic'), operations: ['ping'], credential: { username: 'vault-user', secret: VAULT_SECRETS.robot } },
        bob,
      ),
    );
    expect(basic.credential).toEqual({ username: 'vault-user', secret: 'vaul****0001' });
    expect(JSON.parse((await use(basic.tools[0]!.id, bob)).output)).toMatchObject({ who: 'robot' });
    expectCode(await t.call('/api/tool/provider/create', { document: vault.document('basic'), credential: { secret: VAULT_SECRETS.robot } }, bob), 40001, 'Basic 认证需要填写用户名');
    const query = expectOk(
      await t.call<ToolProviderInfo>('/api/tool/provider/create', { url: vault.documentUrl('key-query'), operations: ['getNote'], credential: { secret: VAULT_SECRETS.robot } }, bob),
    );
    expect(JSON.parse((await use(query.tools[0]!.id, bob, { noteId: 'q' })).output)).toEqual({ who: 'robot', path: 'notes/q', query: {} });
    // The owner already has tools of these names: a second import of the same operations is refused whole.
    expectCode(await t.call('/api/tool/provider/create', { url: vault.documentUrl('key-query'), operations: ['getNote'] }, bob), 40901, '工具名称「getNote」已存在，请换一个名称');
    expect(await t.rows(sql`select id from tool_providers where title = '保险库（key-query）'`)).toHaveLength(1);
  });

  it('re-imports a new version: operations updated in place, chosen new ones added, gone ones removed, credential kept', async () => {
    vault.publish(1);
    const created = expectOk(await t.call<ToolProviderInfo>('/api/tool/provider/create', { url: vault.documentUrl('bearer'), credential: { secret: VAULT_SECRETS.robot } }, dave));
    const getNote = toolOf(created, 'getNote');
    vault.publish(2);
    const result = expectOk(await t.call<ReimportResult>('/api/tool/provider/reimport', { id: created.id, operations: ['getNote', 'noteStats'] }, dave));
    expect({ added: result.added, updated: result.updated, removed: result.removed }).toEqual({ added: 1, updated: 1, removed: 2 });
    expect(result.provider.tools.map((tool) => tool.name)).toEqual(['getNote', 'noteStats']);
    const updated = toolOf(result.provider, 'getNote');
    expect(updated.id).toBe(getNote.id);
    expect(Object.keys((updated.input_schema as { properties: object }).properties).sort()).toEqual(['fields', 'noteId']);
    expect(result.provider.credential).toEqual(created.credential);
    expect(JSON.parse((await use(getNote.id, dave, { noteId: 'a', fields: 'title' })).output)).toEqual({ who: 'robot', path: 'notes/a', query: { fields: 'title' } });
    expect(JSON.parse((await use(toolOf(result.provider, 'noteStats').id, dave)).output)).toMatchObject({ who: 'robot', path: 'stats' });
    expectCode(await t.call('/api/tool/provider/reimport', { id: created.id, operations: ['nope'] }, dave), 40001, 'OpenAPI 文档中没有接口「nope」');
    expectCode(await t.call('/api/tool/provider/reimport', { id: created.id }, alice), 40401, '工具集不存在');
    vault.publish(1);
  });

  it('deletes a set with its tools; private sets stay invisible to others', async () => {
    const created = expectOk(await t.call<ToolProviderInfo>('/api/tool/provider/create', { document: vault.document('basic'), title: '私有集', operations: ['ping'] }, alice));
    expectCode(await t.call('/api/tool/provider/detail', { id: created.id }, bob), 40401, '工具集不存在');
    expect(await listed(bob)).not.toContain(created.id);
    expect(await listed(alice)).toContain(created.id);
    expectCode(await t.call('/api/tool/provider/delete', { id: created.id }, bob), 40401, '工具集不存在');
    expectOk(await t.call('/api/tool/provider/delete', { id: created.id }, alice));
    expect(await t.rows(sql`select id from tools where id = ${created.tools[0]!.id}`)).toEqual([]);
    expectCode(await t.call('/api/tool/tool_use', { id: created.tools[0]!.id, input: {} }, alice), 40401, '工具不存在');
  });
});
