import { randomUUID } from 'node:crypto';
import type { ConversationKind } from '@agent-platform/contracts';
import type { AuthUser, Viewer } from '../../core/index.js';
import { titleFrom, type AskModel, type ConversationService, type MessageMeta } from '../conversation/index.js';
import type { LlmService, ResolvedModel } from '../llm/index.js';

/** One question in a conversation, as every chat (model, knowledge base, …) takes it. */
export interface Turn {
  /** What the model is sent: earlier messages and this turn's question. */
  history: Array<{ role: 'user' | 'assistant'; content: string }>;
  /** Chosen before anything is written, so the stream can announce them at once. */
  conversationId: string;
  messageId: string;
  /** This turn opens the conversation: its first answer gets the conversation a title. */
  opens: boolean;
  question: string;
  /** Writes the turn's rows; runs while the answer is already streaming. */
  record(): Promise<void>;
}

export interface TurnInput {
  kind: ConversationKind;
  /** What the conversation is with (model name, knowledge bases …): a new conversation records it. */
  subject: string;
  query: string;
  conversationId?: string;
  /** Answer the conversation's last question again instead of asking a new one. */
  regenerate?: boolean;
  /** Past messages the model sees, this turn's question included. */
  historyMessages: number;
  /** Kept with the question (e.g. the files attached to it), so a reopened conversation shows them. */
  questionMeta?: MessageMeta;
}

/**
 * Checks everything about the conversation that can be refused (40401 for someone else's) before a
 * stream starts, and returns what the model is sent and how to record the question.
 */
export async function prepareTurn(conversations: ConversationService, user: AuthUser, input: TurnInput): Promise<Turn> {
  const { kind, subject, query, conversationId, historyMessages } = input;
  if (input.regenerate && conversationId) {
    const { conversation, question } = await conversations.takeLastQuestion(user.id, kind, conversationId);
    const history = await conversations.recentMessages(conversation.id, historyMessages);
    return { history, conversationId: conversation.id, messageId: question.id, opens: false, question: question.content, record: async () => undefined };
  }
  const messageId = randomUUID();
  if (!conversationId) {
    const newConversationId = randomUUID();
    return {
      history: [{ role: 'user', content: query }],
      conversationId: newConversationId,
      messageId,
      opens: true,
      question: query,
      record: () =>
        conversations.writeMessage({
          message: { id: messageId, conversationId: newConversationId, role: 'user', content: query, meta: input.questionMeta },
          newConversation: { ownerId: user.id, kind, subject, title: titleFrom(query) },
        }),
    };
  }
  const conversation = await conversations.getOwnConversation(user.id, conversationId);
  if (conversation.kind !== kind) throw conversations.notFoundError();
  const earlier = await conversations.recentMessages(conversation.id, historyMessages - 1);
  return {
    history: [...earlier, { role: 'user', content: query }],
    conversationId: conversation.id,
    messageId,
    opens: false,
    question: query,
    record: () => conversations.writeMessage({ message: { id: messageId, conversationId: conversation.id, role: 'user', content: query, meta: input.questionMeta } }),
  };
}

/** How a conversation's title is asked of the chat's own model (usage recorded as `title`). */
export function titleAsker(llm: LlmService, viewer: Viewer, model: ResolvedModel): AskModel {
  return async ({ system, user }) => {
    const messages = [
      { role: 'system' as const, content: system },
      { role: 'user' as const, content: user },
    ];
    return (await llm.chat(viewer, model, { messages, maxTokens: 40, temperature: 0.3 }, { feature: 'title' })).text;
  };
}
