import type { ConversationInfo, ConversationKind, ListConversationsBody, MessageInfo, Page } from '@agent-platform/contracts';
import { badInput, notFound } from '../../platform/http/index.js';
import { BatchQueue, type Db } from '../../platform/db/index.js';
import type { AskModel, TitleWriter } from './conversation-titles.js';
import * as repo from './conversation.repo.js';

const TITLE_LENGTH = 30;
/** A question waits this long for others' (see `writeQuestion`). */
const QUESTION_LINGER_MS = 20;

function toConversation(row: repo.ConversationRow): ConversationInfo {
  return { id: row.id, kind: row.kind, subject: row.subject, title: row.title, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

function toMessage(row: repo.MessageRow): MessageInfo {
  return { id: row.id, role: row.role, content: row.content, run_id: row.runId, meta: row.meta, created_at: row.createdAt.toISOString() };
}

/** A first title from the first question; a later issue lets the model write a better one. */
export function titleFrom(query: string): string {
  const line = query.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH)}…` : line || '新对话';
}

export type ConversationService = ReturnType<typeof createConversationService>;

export function createConversationService({ db, titles }: { db: Db; titles?: TitleWriter }) {
  const insertAll = async (writes: repo.MessageWrite[]) => {
    await repo.insertMessages(db, writes);
    return writes.map(() => undefined);
  };
  const messageWrites = new BatchQueue<repo.MessageWrite, void>(insertAll);
  const questionWrites = new BatchQueue<repo.MessageWrite, void>(insertAll, { lingerMs: QUESTION_LINGER_MS });

  async function getOwnConversation(ownerId: string, id: string): Promise<repo.ConversationRow> {
    const row = await repo.findConversation(db, id);
    if (!row || row.ownerId !== ownerId) throw notFound('会话');
    return row;
  }

  return {
    getOwnConversation,

    async listConversations(ownerId: string, { page, page_size, kind, subject }: ListConversationsBody): Promise<Page<ConversationInfo>> {
      const { total, rows } = await repo.listConversations(db, ownerId, { kind, subject }, (page - 1) * page_size, page_size);
      return { total, list: rows.map(toConversation) };
    },

    async listMessages(ownerId: string, conversationId: string): Promise<MessageInfo[]> {
      await getOwnConversation(ownerId, conversationId);
      return (await repo.listMessages(db, conversationId)).map(toMessage);
    },

    async deleteConversation(ownerId: string, conversationId: string): Promise<void> {
      await getOwnConversation(ownerId, conversationId);
      await repo.deleteConversation(db, conversationId);
    },

    notFoundError: () => notFound('会话'),

    /** A new conversation titled after its first question, with that question as its first message. */
    /** `ids` chosen by the caller let a chat announce them before the rows are written. */
    async startConversation(ownerId: string, kind: ConversationKind, subject: string, query: string, ids: { conversationId?: string; messageId?: string } = {}) {
      return db.transaction(async (tx) => {
        const conversation = await repo.insertConversation(tx, ownerId, kind, subject, titleFrom(query), ids.conversationId);
        const message = await repo.insertMessage(tx, { id: ids.messageId, conversationId: conversation.id, role: 'user', content: query });
        return { conversation: toConversation(conversation), message: toMessage(message) };
      });
    },

    /** Continues the caller's conversation, or starts one titled after the question. */
    async openConversation(ownerId: string, kind: ConversationKind, subject: string, query: string, conversationId?: string) {
      if (!conversationId) return toConversation(await repo.insertConversation(db, ownerId, kind, subject, titleFrom(query)));
      const row = await getOwnConversation(ownerId, conversationId);
      if (row.kind !== kind) throw notFound('会话');
      return toConversation(row);
    },

    async addMessage(message: repo.NewMessage, tx: Db = db): Promise<MessageInfo> {
      const row = await repo.insertMessage(tx, message);
      await repo.touchConversation(tx, message.conversationId);
      return toMessage(row);
    },

    /**
     * A chat's message (and the conversation it opens), written together with those of every other
     * chat doing the same at this moment: one statement for many (`insertMessages`).
     */
    writeMessage: (write: repo.MessageWrite): Promise<void> => messageWrites.push(write),

    /** After the first answer of a conversation a turn opened: a title written by the model, in the background. */
    titleFirstExchange(exchange: { conversationId: string; question: string; answer: string; ask: AskModel }): void {
      titles?.afterFirstExchange({ ...exchange, provisionalTitle: titleFrom(exchange.question) });
    },

    /**
     * A chat's question (and the conversation it opens), written while its answer streams: it waits
     * a moment for other chats' questions, so a burst of chats writes them in one statement after
     * their first tokens rather than in front of them. A run's row follows its question.
     */
    writeQuestion: (write: repo.MessageWrite): Promise<void> => questionWrites.push(write),

    /** A paused run was cancelled: its answer no longer waits for anyone. */
    markRunAnswerCancelled: (runId: string) => repo.patchRunAnswerMeta(db, runId, { status: 'cancelled' }, 'awaiting'),

    /** A run's answer, kept up to date while the run pauses and goes on: one assistant message per run. */
    async saveRunAnswer(answer: { conversationId: string; runId: string; content: string; meta: Record<string, unknown> }): Promise<void> {
      await repo.upsertRunAnswer(db, answer);
    },

    /**
     * For "regenerate": the conversation's last question, with the answers given to it removed so
     * the new answer takes their place.
     */
    async takeLastQuestion(ownerId: string, kind: ConversationKind, conversationId: string): Promise<{ conversation: ConversationInfo; question: MessageInfo }> {
      const conversation = await getOwnConversation(ownerId, conversationId);
      if (conversation.kind !== kind) throw notFound('会话');
      const recent = await repo.listRecentMessages(db, conversationId, 20);
      const lastQuestion = recent.map((row) => row.role).lastIndexOf('user');
      const question = recent[lastQuestion];
      if (!question) throw badInput('会话中没有可以重新生成的问题');
      await repo.deleteMessages(db, recent.slice(lastQuestion + 1).map((row) => row.id));
      return { conversation: toConversation(conversation), question: toMessage(question) };
    },

    recentMessages: async (conversationId: string, limit: number) => (await repo.listRecentMessages(db, conversationId, limit)).map(toMessage),

    /** For usage statistics: conversations and messages per owner. */
    counters() {
      const counts = (ids: string[]) => repo.countByOwner(db, ids);
      return [
        { key: 'conversations', countByOwner: async (ids: string[]) => (await counts(ids)).conversations },
        { key: 'messages', countByOwner: async (ids: string[]) => (await counts(ids)).messages },
      ];
    },
  };
}
