import type { AgentInfo, LlmModel, Page } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, startTestApp, type TestApp } from '../../../test/harness.js';

const PROMPT = '你是内部客服，折扣码是 SECRET-42';

describe("a published agent's system prompt and a public model's address", () => {
  let t: TestApp;
  let admin: string;
  let owner: string;
  let other: string;
  let agentId: string;
  beforeAll(async () => {
    t = await startTestApp();
    [admin, owner, other] = [await t.signUp('prompt_admin'), await t.signUp('prompt_owner'), await t.signUp('prompt_other')];
    const model = { llm_name: 'prompt-chat', type: 'chat', provider: 'openai-compatible', base_url: 'http://10.1.2.3:8000/v1', api_key: 'sk-x', is_public: true };
    expectOk(await t.call('/api/llm/create_llm_model', model, admin));
    agentId = expectOk(await t.call<AgentInfo>('/api/agent/create', { name: '客服', llm_name: 'prompt-chat', system_prompt: PROMPT }, owner)).id;
    expectOk(await t.call('/api/agent/publish', agentId, owner));
  });
  afterAll(() => t.close());

  const detail = async (token: string) => expectOk(await t.call<AgentInfo>('/api/agent/detail', agentId, token));
  const listedPublic = async (token: string) => expectOk(await t.call<Page<AgentInfo>>('/api/agent/list_public', {}, token)).list.find((agent) => agent.id === agentId);

  it('is shown to the owner and administrators only, until the owner shares it', async () => {
    expect((await detail(owner)).system_prompt).toBe(PROMPT);
    expect((await detail(admin)).system_prompt).toBe(PROMPT);
    expect(await detail(other)).toMatchObject({ system_prompt: '', prompt_shared: false });
    expect(await listedPublic(other)).toMatchObject({ system_prompt: '' });
    expect(JSON.stringify(await t.call('/api/agent/list_public', {}, other))).not.toContain('SECRET-42');

    expectOk(await t.call('/api/agent/update', { id: agentId, prompt_shared: true }, owner));
    expect(await detail(other)).toMatchObject({ system_prompt: PROMPT, prompt_shared: true });
    expect(await listedPublic(other)).toMatchObject({ system_prompt: PROMPT });
  });

  it("shows a public model's base URL to its owner and administrators only", async () => {
    const baseUrlFor = async (token: string) =>
      expectOk(await t.call<Page<LlmModel>>('/api/llm/query_all_models', {}, token)).list.find((model) => model.llm_name === 'prompt-chat')?.base_url;
    expect(await baseUrlFor(admin)).toBe('http://10.1.2.3:8000/v1');
    expect(await baseUrlFor(other)).toBe('');
  });
});
