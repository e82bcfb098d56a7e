import { z } from 'zod';
import { id, optionalText, pageQuery } from './fields.js';

export const CONVERSATION_KINDS = ['llm', 'kb', 'agent', 'plan', 'ma', 'asset'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

export interface ConversationInfo {
  id: string;
  kind: ConversationKind;
  subject: string;
  title: string;
  created_at: string;
  updated_at: string;
}

export interface MessageInfo {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  run_id: string | null;
  /** Reasoning, usage, citations, steps: what the page shows beside the text. */
  meta: Record<string, unknown>;
  created_at: string;
}

export const listConversationsBody = pageQuery.extend({
  kind: z.enum(CONVERSATION_KINDS, { error: '会话类型不正确' }).optional(),
  subject: optionalText('会话对象', 200),
});
export type ListConversationsBody = z.infer<typeof listConversationsBody>;

export const conversationIdBody = z.object({ conversation_id: id('会话 id') });
