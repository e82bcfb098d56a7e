import type { McpResourcesAndPrompts, McpService } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { startLibraryMcp, type LibraryMcp } from '../../../test/fixtures/mcp-library.js';

describe('MCP resources and prompts of a saved service', () => {
  let t: TestApp;
  let library: LibraryMcp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    library = await startLibraryMcp();
    t = await startTestApp({ MCP_LIST_TIMEOUT_MS: '3000' });
    await t.signUp('res_admin');
    alice = await t.signUp('res_alice');
    bob = await t.signUp('res_bob');
  });
  afterAll(async () => {
    await t?.close();
    await library?.close();
  });

  const service = async (name: string, path: string) => expectOk(await t.call<McpService>('/api/service/create', { name, url: `${library.origin}${path}` }, alice));

  it('lists what the service offers through the SDK client: resources with their types, prompts with their arguments', async () => {
    const full = await service('资料库', '/full');
    const offered = expectOk(await t.call<McpResourcesAndPrompts>('/api/service/get_mcp_resources_and_prompts', { id: full.id }, alice));
    expect(offered.resources).toEqual([
      { uri: 'doc://handbook', name: 'handbook', title: '员工手册', description: '公司制度与流程', mime_type: 'text/markdown' },
      { uri: 'doc://prices', name: 'prices', title: 'prices', description: '', mime_type: 'application/json' },
    ]);
    expect(offered.prompts).toEqual([
      {
        name: 'summarize',
        title: '总结',
        description: '总结一段文字',
        arguments: [
          { name: 'text', description: '要总结的文字', required: true },
          { name: 'style', description: '', required: false },
        ],
      },
    ]);
    expect(offered.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('answers empty lists for a service without those capabilities, 40401 for a private one of another user, a Chinese reason when it is down', async () => {
    const bare = await service('只有函数', '/bare');
    expect(expectOk(await t.call<McpResourcesAndPrompts>('/api/service/get_mcp_resources_and_prompts', { id: bare.id }, alice))).toMatchObject({ resources: [], prompts: [] });
    expectCode(await t.call('/api/service/get_mcp_resources_and_prompts', { id: bare.id }, bob), 40401);
    const down = expectOk(await t.call<McpService>('/api/service/create', { name: '已下线', url: 'http://127.0.0.1:9/mcp' }, alice));
    const refused = await t.call('/api/service/get_mcp_resources_and_prompts', { id: down.id }, alice);
    expect(refused.body.code).not.toBe(200);
    expect(refused.body.msg).toContain('已下线');
  });
});
