import type { ConversationInfo, ConversationKind, ListConversationsBody, MessageInfo, Page } from '@agent-platform/contracts';
import { badInput, notFound } from '../../core/index.js';
import type { Db, WriteBehind } from '../../platform/db/index.js';
import type { AskModel, TitleWriter } from './conversation-titles.js';
import * as repo from './conversation.repo.js';
import { storedMessageMeta } from './message-meta.js';

const TITLE_LENGTH = 30;

function toConversation(row: repo.ConversationRow): ConversationInfo {
  return { id: row.id, kind: row.kind, subject: row.subject, title: row.title, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

function toMessage(row: repo.MessageRow): MessageInfo {
  return { id: row.id, role: row.role, content: row.content, run_id: row.runId, meta: storedMessageMeta.read(row.meta), created_at: row.createdAt.toISOString() };
}

/** The first title, from the first question; with `CONVERSATION_TITLES=model` the chat's model replaces it after the first answer. */
export function titleFrom(query: string): string {
  const line = query.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH)}…` : line || '新对话';
}

export type ConversationService = ReturnType<typeof createConversationService>;

export function createConversationService({ db, writes, titles }: { db: Db; writes: WriteBehind; titles?: TitleWriter }) {
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
     * A chat's message (and the conversation it opens), written behind with those of every other chat
     * (`MESSAGE_WRITES`): at most a few tens of milliseconds later, at once when a run ends. A question
     * is written while its answer streams, so a burst of chats writes them after their first tokens.
     */
    writeMessage: (write: repo.MessageWrite): Promise<void> => writes.add(repo.MESSAGE_WRITES, [write]),

    /** After the first answer of a conversation a turn opened: a title written by the model, in the background. */
    titleFirstExchange(exchange: { conversationId: string; question: string; answer: string; ask: AskModel }): void {
      titles?.afterFirstExchange({ ...exchange, provisionalTitle: titleFrom(exchange.question) });
    },

    /** A paused run was cancelled: its answer no longer waits for anyone. */
    markRunAnswerCancelled: (runId: string) => repo.patchRunAnswerMeta(db, runId, { status: 'cancelled' }, 'awaiting'),

    /** A run's answer, kept up to date while the run pauses and goes on: one assistant message per run. */
    saveRunAnswer: (answer: repo.RunAnswer): Promise<void> => writes.add(repo.RUN_ANSWERS, [answer]),

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
      await repo.deleteMessages(
        db,
        recent.slice(lastQuestion + 1).map((row) => row.id),
      );
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
