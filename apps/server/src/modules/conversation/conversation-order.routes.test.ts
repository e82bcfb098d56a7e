import { randomUUID } from 'node:crypto';
import type { MessageInfo } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { WriteBehind } from '../../platform/db/index.js';
import { MESSAGE_WRITES, type MessageWrite } from './conversation.repo.js';

/** PGlite's clock counts milliseconds: messages written in one tick must still list in the order written. */
describe('conversation messages keep the order they were written in', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = await t.signUp('order_alice');
  });
  afterAll(() => t?.close());

  it('lists twenty messages written in one statement in that order', async () => {
    const owner = await t.userRow('order_alice');
    const conversationId = randomUUID();
    const writes: MessageWrite[] = Array.from({ length: 20 }, (_, i) => ({
      message: { id: randomUUID(), conversationId, role: i % 2 ? 'assistant' : 'user', content: `第${i}条` },
      ...(i === 0 ? { newConversation: { ownerId: owner!.id, kind: 'llm' as const, subject: 'm', title: '顺序' } } : {}),
    }));
    await new WriteBehind(t.database.db).add(MESSAGE_WRITES, writes);
    const listed = expectOk(await t.call<MessageInfo[]>('/api/user/list_conversation_messages', { conversation_id: conversationId }, token));
    expect(listed.map((message) => message.content)).toEqual(writes.map((write) => write.message.content));
  });
});
