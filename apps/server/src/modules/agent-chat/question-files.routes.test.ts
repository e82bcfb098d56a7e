import type { MessageInfo } from '@agent-platform/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { parseSse } from '../../../test/sse.js';
import { MODEL, startAgentChatTestApp, type AgentChatTestContext } from '../../../test/fixtures/agent-chat.js';

// Beside agent chat's own attachment tests: the playground and knowledge-base chat read file_ids with the same reader.
describe('file_ids in the model playground and in knowledge-base chat', () => {
  let c: AgentChatTestContext;
  const kbIds = new Map<string, string>();
  beforeAll(async () => {
    c = await startAgentChatTestApp();
  });
  /** A knowledge base of the caller's (made inside a test: it waits for ingestion). */
  async function kbOf(token: string): Promise<string> {
    if (!kbIds.has(token)) kbIds.set(token, (await c.kbWithDocument(token, `手册${kbIds.size}`, '退货需在七天内申请。')).id);
    return kbIds.get(token)!;
  }
  beforeEach(() => c.llm.reset());
  afterAll(() => c?.close());

  const upload = (token: string, name: string, content: string | Buffer) => c.uploadFile(token, name, content);
  const stream = async (url: string, body: unknown, token: string) =>
    parseSse(await (await fetch(`${c.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'access-token': token }, body: JSON.stringify(body) })).text());

  /** Where the question goes, and what else its body needs (knowledge-base chat: one of the caller's knowledge bases). */
  const areas = [
    { area: 'playground', url: '/api/llm/chat', scope: async (_token: string) => ({}) },
    { area: 'knowledge-base chat', url: '/api/kb/chat', scope: async (token: string) => ({ kb_ids: [await kbOf(token)] }) },
  ];

  for (const { area, url, scope } of areas) {
    it(`${area}: gives the model the files' text with the question and keeps the files with it`, async () => {
      const notes = await upload(c.alice, `${area}纪要.txt`, '周五发布 2.0 版本，负责人：小林。');
      const events = await stream(url, { llm_name: MODEL, query: '总结一下附件', file_ids: [notes.id], ...(await scope(c.alice)) }, c.alice);
      expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
      const question = c.chatRequests().at(-1)!.body.messages.at(-1);
      expect(question).toMatchObject({ role: 'user', content: expect.stringContaining(`【附件：${area}纪要.txt】`) });
      expect(question.content).toContain('周五发布 2.0 版本');
      const conversationId = events[0]!.data.conversation_id as string;
      const messages = expectOk(await c.t.call<MessageInfo[]>('/api/user/list_conversation_messages', { conversation_id: conversationId }, c.alice));
      expect(messages[0]).toMatchObject({ role: 'user', content: '总结一下附件', meta: { files: [{ id: notes.id }] } });
    });

    it(`${area}: another user's file is refused before any stream (40401)`, async () => {
      const secret = await upload(c.alice, `${area}机密.txt`, '机密');
      expectCode(await c.t.call(url, { llm_name: MODEL, query: '看看', file_ids: [secret.id], ...(await scope(c.bob)) }, c.bob), 40401);
      expect(c.chatRequests()).toHaveLength(0);
    });
  }
});
