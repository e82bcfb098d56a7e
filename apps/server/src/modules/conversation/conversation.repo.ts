import type { ConversationKind } from '@agent-platform/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, WriteKind } from '../../platform/db/index.js';
import { conversations, messages } from './conversation.tables.js';
import { writeMessageMeta, type MessageMeta } from './message-meta.js';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = Omit<typeof messages.$inferInsert, 'meta'> & { meta?: MessageMeta };

export async function insertConversation(db: Db, ownerId: string, kind: ConversationKind, subject: string, title: string, id?: string): Promise<ConversationRow> {
  const [row] = await db.insert(conversations).values({ id, ownerId, kind, subject, title }).returning();
  if (!row) throw new Error('conversation insert returned nothing');
  return row;
}

export async function findConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  const rows = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return rows[0];
}

export async function listConversations(
  db: Db,
  ownerId: string,
  filter: { kind?: ConversationKind; subject?: string },
  offset: number,
  limit: number,
): Promise<{ total: number; rows: ConversationRow[] }> {
  const where = and(
    eq(conversations.ownerId, ownerId),
    filter.kind ? eq(conversations.kind, filter.kind) : undefined,
    filter.subject ? eq(conversations.subject, filter.subject) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(conversations).where(where);
  const rows = await db.select().from(conversations).where(where).orderBy(desc(conversations.updatedAt), desc(conversations.id)).offset(offset).limit(limit);
  return { total: total?.n ?? 0, rows };
}

export async function deleteConversation(db: Db, id: string): Promise<void> {
  await db.delete(conversations).where(eq(conversations.id, id));
}

export async function touchConversation(db: Db, id: string, title?: string): Promise<void> {
  await db
    .update(conversations)
    .set({ updatedAt: new Date(), ...(title ? { title } : {}) })
    .where(eq(conversations.id, id));
}

/** A better title, unless the conversation's title is no longer `expected` (changed meanwhile). */
export async function retitleConversation(db: Db, id: string, expected: string, title: string): Promise<void> {
  await db
    .update(conversations)
    .set({ title })
    .where(and(eq(conversations.id, id), eq(conversations.title, expected)));
}

export async function insertMessage(db: Db, message: NewMessage): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({ ...message, meta: writeMessageMeta(message.meta) })
    .returning();
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

export function listMessages(db: Db, conversationId: string): Promise<MessageRow[]> {
  return db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.createdAt), asc(messages.seq));
}

/** The newest `limit` messages, oldest first: the context a model is given. */
export async function listRecentMessages(db: Db, conversationId: string, limit: number): Promise<MessageRow[]> {
  const rows = await db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(desc(messages.createdAt), desc(messages.seq)).limit(limit);
  return rows.reverse();
}

export async function countByOwner(db: Db, ownerIds: string[]): Promise<{ conversations: Map<string, number>; messages: Map<string, number> }> {
  const result = { conversations: new Map<string, number>(), messages: new Map<string, number>() };
  if (ownerIds.length === 0) return result;
  const perConversation = await db.select({ ownerId: conversations.ownerId, n: count() }).from(conversations).where(inArray(conversations.ownerId, ownerIds)).groupBy(conversations.ownerId);
  const perMessage = await db
    .select({ ownerId: conversations.ownerId, n: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(inArray(conversations.ownerId, ownerIds))
    .groupBy(conversations.ownerId);
  for (const row of perConversation) result.conversations.set(row.ownerId, row.n);
  for (const row of perMessage) result.messages.set(row.ownerId, row.n);
  return result;
}

export async function deleteMessages(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(messages).where(inArray(messages.id, ids));
}

export interface RunAnswer {
  conversationId: string;
  runId: string;
  content: string;
  meta: MessageMeta;
}

/**
 * Runs' answers, kept up to date while each run pauses and goes on (one assistant message per run),
 * written behind in the shared statement. Its parts see the rows as they were before it: an answer
 * already stored is updated, and inserted only where there was none.
 */
export const RUN_ANSWERS: WriteKind<RunAnswer> = {
  statement(answers) {
    const json = JSON.stringify(answers.map((a) => ({ conversation_id: a.conversationId, run_id: a.runId, content: a.content, meta: writeMessageMeta(a.meta) })));
    const rows = sql`jsonb_to_recordset(${json}::jsonb) as t(conversation_id uuid, run_id uuid, content text, meta jsonb)`;
    return [
      sql`update messages set content = t.content, meta = t.meta from ${rows} where messages.run_id = t.run_id and messages.role = 'assistant'`,
      sql`insert into messages (conversation_id, role, content, run_id, meta, created_at)
        select conversation_id, 'assistant', content, run_id, meta, clock_timestamp() from ${rows}
        where not exists (select 1 from messages m where m.run_id = t.run_id and m.role = 'assistant')`,
      sql`update conversations set updated_at = now() where id in (select conversation_id from ${rows})`,
    ];
  },
};

/** A message to write, with its conversation created first when `newConversation` is given. */
export interface MessageWrite {
  message: Required<Pick<NewMessage, 'id' | 'conversationId' | 'role' | 'content'>> & Pick<NewMessage, 'runId' | 'meta'>;
  newConversation?: { ownerId: string; kind: ConversationKind; subject: string; title: string };
}

/**
 * Many chats' messages written behind, in the shared statement: the new conversations they open, the
 * messages, and the `updated_at` of the conversations they continue (what `insertConversation`,
 * `insertMessage` and `touchConversation` do one by one). Fifty chats starting at once cost no
 * statement of their own. The foreign key of a message on a conversation created beside it is checked
 * at the statement's end; clock_timestamp() keeps messages of one conversation in the order they were queued.
 */
export const MESSAGE_WRITES: WriteKind<MessageWrite> = {
  statement(writes) {
    const json = JSON.stringify(
      writes.map(({ message, newConversation }) => ({
        id: message.id,
        conversation_id: message.conversationId,
        role: message.role,
        content: message.content,
        run_id: message.runId ?? null,
        meta: writeMessageMeta(message.meta),
        is_new: newConversation !== undefined,
        owner_id: newConversation?.ownerId ?? null,
        kind: newConversation?.kind ?? null,
        subject: newConversation?.subject ?? null,
        title: newConversation?.title ?? null,
      })),
    );
    const rows = sql`jsonb_to_recordset(${json}::jsonb) as t(
      id uuid, conversation_id uuid, role text, content text, run_id uuid, meta jsonb, is_new boolean, owner_id uuid, kind text, subject text, title text)`;
    return [
      sql`insert into conversations (id, owner_id, kind, subject, title) select conversation_id, owner_id, kind, subject, title from ${rows} where is_new`,
      sql`update conversations set updated_at = now() where id in (select conversation_id from ${rows} where not is_new)`,
      sql`insert into messages (id, conversation_id, role, content, run_id, meta, created_at) select id, conversation_id, role, content, run_id, meta, clock_timestamp() from ${rows}`,
    ];
  },
};

/** Changes fields of a run's answer's `meta` and drops the key `remove`, leaving the rest as it is. */
export async function patchRunAnswerMeta(db: Db, runId: string, patch: Record<string, unknown>, remove: string): Promise<void> {
  await db
    .update(messages)
    .set({ meta: sql`(${messages.meta} - ${remove}::text) || ${JSON.stringify(patch)}::jsonb` })
    .where(and(eq(messages.runId, runId), eq(messages.role, 'assistant')));
}
