import type { ToolProviderInfo, ToolUseResult } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../../test/harness.js';
import { startVaultServer, VAULT_SECRETS, type VaultServer } from '../../../../test/fixtures/tool-vault.js';

const ADD_YOUR_OWN = '工具集「个人保险库」要求每位用户使用自己的认证密钥，你还没有填写：请到「工具 → API 工具 → 工具集「个人保险库」」页面的「我的凭据」中添加后重试';

describe('API tool sets with per-user credentials: each user calls with their own secret', () => {
  let t: TestApp;
  let vault: VaultServer;
  let alice: string;
  let bob: string;
  let carol: string;
  let set: ToolProviderInfo;
  const use = async (token: string, input: Record<string, unknown> = { noteId: 'n' }) =>
    expectOk(await t.call<ToolUseResult>('/api/tool/tool_use', { id: set.tools.find((tool) => tool.name === 'getNote')!.id, input }, token));
  const whoAnswers = async (token: string) => JSON.parse((await use(token)).output).who as string;

  beforeAll(async () => {
    vault = await startVaultServer();
    t = await startTestApp({ SECRET_KEY: Buffer.alloc(32, 9).toString('base64') });
    await t.signUp('own_admin');
    alice = await t.signUp('own_alice');
    bob = await t.signUp('own_bob');
    carol = await t.signUp('own_carol');
    set = expectOk(
      await t.call<ToolProviderInfo>(
        '/api/tool/provider/create',
        { document: vault.document('bearer'), title: '个人保险库', operations: ['getNote'], credential_mode: 'per_user', credential: { secret: VAULT_SECRETS.alice }, is_public: true },
        alice,
      ),
    );
  });
  afterAll(async () => {
    await t?.close();
    await vault?.close();
  });

  it("keeps no shared secret: the owner's credential given at import is her own", async () => {
    expect(set).toMatchObject({ credential_mode: 'per_user', credential: null, my_credential: { username: '', secret: 'vaul****0002' } });
    const [row] = await t.rows<{ credential_sealed: string | null }>(sql`select credential_sealed from tool_providers where id = ${set.id}`);
    expect(row!.credential_sealed).toBeNull();
    expect(await whoAnswers(alice)).toBe('alice');
  });

  it('tells a user without a credential, in Chinese, where to add it; then calls with theirs', async () => {
    const missing = await use(bob);
    expect(missing.error).toBe(ADD_YOUR_OWN);
    const seen = expectOk(await t.call<ToolProviderInfo>('/api/tool/provider/detail', { id: set.id }, bob));
    expect(seen).toMatchObject({ my_credential: null, editable: false, credential: null });
    const saved = expectOk(await t.call<ToolProviderInfo>('/api/tool/provider/save_my_credential', { id: set.id, credential: { secret: VAULT_SECRETS.bob } }, bob));
    expect(saved.my_credential).toEqual({ username: '', secret: 'vaul****0003' });
    expect(JSON.stringify(saved)).not.toContain(VAULT_SECRETS.bob);
    expect(await whoAnswers(bob)).toBe('bob');
    expect(await whoAnswers(alice)).toBe('alice');
    // Sent back masked, it stays; a wrong secret is the API's 401, shown as the tool's error.
    expectOk(await t.call('/api/tool/provider/save_my_credential', { id: set.id, credential: saved.my_credential }, bob));
    expect(await whoAnswers(bob)).toBe('bob');
    expectOk(await t.call('/api/tool/provider/save_my_credential', { id: set.id, credential: { secret: 'not-a-vault-secret' } }, bob));
    expect((await use(bob)).error).toBe('接口返回错误状态 401：{"error":"unauthorized"}');
    expectOk(await t.call('/api/tool/provider/delete_my_credential', { id: set.id }, bob));
    expect((await use(bob)).error).toBe(ADD_YOUR_OWN);
    const stored = await t.rows<{ credential_sealed: string }>(sql`select credential_sealed from tool_user_credentials where provider_id = ${set.id}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.credential_sealed).not.toContain(VAULT_SECRETS.alice);
  });

  it('refuses own credentials for shared sets and for sets the user cannot see', async () => {
    const shared = expectOk(
      await t.call<ToolProviderInfo>('/api/tool/provider/create', { document: vault.document('key-header'), operations: ['ping'], credential: { secret: VAULT_SECRETS.robot } }, carol),
    );
    expectCode(
      await t.call('/api/tool/provider/save_my_credential', { id: shared.id, credential: { secret: 'x-secret-1' } }, carol),
      40001,
      '这个工具集使用创建者的共享密钥，不需要填写自己的凭据',
    );
    expectCode(await t.call('/api/tool/provider/save_my_credential', { id: shared.id, credential: { secret: 'x-secret-1' } }, bob), 40401, '工具集不存在');
    expectCode(await t.call('/api/tool/provider/save_my_credential', { id: set.id, credential: { secret: '' } }, bob), 40001, '参数 credential.secret 不合法：请输入密钥');
  });

  it("switching the set to shared uses the owner's shared secret for everyone; a new scheme drops everyone's own", async () => {
    expectOk(await t.call('/api/tool/provider/save_my_credential', { id: set.id, credential: { secret: VAULT_SECRETS.bob } }, bob));
    expectOk(await t.call('/api/tool/provider/update', { id: set.id, credential_mode: 'shared', credential: { secret: VAULT_SECRETS.robot } }, alice));
    expect(await whoAnswers(bob)).toBe('robot');
    expectOk(await t.call('/api/tool/provider/update', { id: set.id, credential_mode: 'per_user', auth: { type: 'api_key', in: 'header', name: 'X-Vault-Key' } }, alice));
    expect(await t.rows(sql`select user_id from tool_user_credentials where provider_id = ${set.id}`)).toEqual([]);
    expect(await t.rows(sql`select id from tool_providers where id = ${set.id} and credential_sealed is null`)).toHaveLength(1);
    expect((await use(bob)).error).toBe(ADD_YOUR_OWN);
  });
});
