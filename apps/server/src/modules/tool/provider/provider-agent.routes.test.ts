import type { ToolProviderInfo } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../../../test/harness.js';
import { ofType, startAgentChatTestApp, type AgentChatTestContext } from '../../../../test/fixtures/agent-chat.js';
import { startVaultServer, VAULT_SECRETS, type VaultServer } from '../../../../test/fixtures/tool-vault.js';

describe('an agent turn with a tool set of per-user credentials', () => {
  let c: AgentChatTestContext;
  let vault: VaultServer;

  beforeAll(async () => {
    vault = await startVaultServer();
    c = await startAgentChatTestApp();
  });
  afterAll(async () => {
    await c?.close();
    await vault?.close();
  });

  it("tells a user without a credential in the turn, then calls with the user's own", async () => {
    const set = expectOk(
      await c.t.call<ToolProviderInfo>(
        '/api/tool/provider/create',
        { document: vault.document('bearer'), title: '团队保险库', operations: ['getNote'], credential_mode: 'per_user', credential: { secret: VAULT_SECRETS.alice }, is_public: true },
        c.alice,
      ),
    );
    const agent = await c.createAgent({ tool_ids: [set.tools[0]!.id] }, c.bob);
    c.llm.script({ match: '读笔记', afterToolResult: false, toolCalls: [{ name: 'getNote', arguments: { noteId: 'n1' } }] }, { match: '读笔记', afterToolResult: true, text: '读完了。' });
    const first = await c.chat({ agent_id: agent.id, query: '读笔记 n1' }, c.bob);
    const [missing] = ofType(first, 'observation');
    expect(missing!.data.error).toBe('工具集「团队保险库」要求每位用户使用自己的认证密钥，你还没有填写：请到「工具 → API 工具 → 工具集「团队保险库」」页面的「我的凭据」中添加后重试');
    expect(first.at(-1)!.data.status).toBe('completed');

    expectOk(await c.t.call('/api/tool/provider/save_my_credential', { id: set.id, credential: { secret: VAULT_SECRETS.bob } }, c.bob));
    const second = await c.chat({ agent_id: agent.id, query: '读笔记 n1' }, c.bob);
    const [called] = ofType(second, 'observation');
    expect(called!.data.error).toBeUndefined();
    expect(JSON.parse(called!.data.output)).toMatchObject({ who: 'bob', path: 'notes/n1' });
    expect(JSON.stringify([first, second])).not.toContain(VAULT_SECRETS.bob);
  });
});
