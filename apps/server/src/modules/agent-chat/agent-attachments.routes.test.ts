import type { MessageInfo } from '@agent-platform/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { startAgentChatTestApp, type AgentChatTestContext } from '../../../test/fixtures/agent-chat.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

describe('agent chat: files attached to a question (file_ids)', () => {
  let c: AgentChatTestContext;
  beforeAll(async () => {
    c = await startAgentChatTestApp();
  });
  beforeEach(() => c.llm.reset());
  afterAll(() => c?.close());

  const upload = (token: string, name: string, content: string | Buffer) => c.uploadFile(token, name, content);

  it('gives the model the documents’ text and keeps the files with the question', async () => {
    const notes = await upload(c.alice, '会议纪要.txt', '周五发布 2.0 版本，负责人：小林。');
    const agent = await c.createAgent();
    const events = await c.chat({ agent_id: agent.id, query: '总结一下附件', file_ids: [notes.id] });
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
    const question = c.chatRequests().at(-1)!.body.messages.at(-1);
    expect(question).toMatchObject({ role: 'user', content: expect.stringContaining('【附件：会议纪要.txt】') });
    expect(question.content).toContain('周五发布 2.0 版本');

    const conversationId = events[0]!.data.conversation_id as string;
    const messages = expectOk(await c.t.call<MessageInfo[]>('/api/user/list_conversation_messages', { conversation_id: conversationId }, c.alice));
    expect(messages[0]).toMatchObject({ role: 'user', content: '总结一下附件', meta: { files: [{ id: notes.id, name: '会议纪要.txt' }] } });
  });

  it('sends an image to a model with vision as an image part beside the question', async () => {
    const llmName = `vision-${Date.now().toString(36)}`;
    const model = { llm_name: llmName, type: 'chat', provider: 'openai-compatible', base_url: c.llm.url, api_key: '', supports_vision: true };
    expectOk(await c.t.call('/api/llm/create_llm_model', model, c.alice));
    const picture = await upload(c.alice, '截图.png', PNG);
    const agent = await c.createAgent({ llm_name: llmName });
    const events = await c.chat({ agent_id: agent.id, query: '图里有什么', file_ids: [picture.id] });
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
    const question = c.chatRequests().at(-1)!.body.messages.at(-1);
    expect(question.content).toEqual([
      { type: 'text', text: '图里有什么' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
    ]);
  });

  it('refuses another user’s private file (40401) and an image for a model without vision (40001), before any stream', async () => {
    const secret = await upload(c.alice, '私密.txt', '只给 alice 看');
    const picture = await upload(c.bob, '截图.png', PNG);
    const agent = await c.createAgent({}, c.bob);
    expectCode(await c.t.call('/api/agent/chat', { agent_id: agent.id, query: '看看', file_ids: [secret.id] }, c.bob), 40401);
    expectCode(await c.t.call('/api/agent/chat', { agent_id: agent.id, query: '看看', file_ids: [picture.id] }, c.bob), 40001, /不支持图片/);
    expect(c.chatRequests()).toHaveLength(0);
  });
});
