import type { LlmChatBody } from '@agent-platform/contracts';
import type { ChatMessageView } from '../../../lib/chat-messages';
import type { ChatTurnRequest } from '../../../lib/use-chat-session';

/** The playground's side panel; an unset parameter means "the model's default". */
export interface ChatSettings {
  system_prompt: string;
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
}

export const EMPTY_SETTINGS: ChatSettings = { system_prompt: '' };

/** The `POST /api/llm/chat` body for a turn: a question, or `regenerate` without one. */
export function toChatBody(llmName: string, settings: ChatSettings, request: ChatTurnRequest): LlmChatBody {
  const systemPrompt = settings.system_prompt.trim();
  return {
    llm_name: llmName,
    ...(request.regenerate ? { regenerate: true } : { query: request.query }),
    ...(request.conversationId ? { conversation_id: request.conversationId } : {}),
    ...(systemPrompt ? { system_prompt: systemPrompt } : {}),
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
    ...(settings.top_p !== undefined ? { top_p: settings.top_p } : {}),
    ...(settings.max_tokens !== undefined ? { max_tokens: settings.max_tokens } : {}),
  };
}

/** How many of the last messages the follow-up suggestions are made from. */
const SUGGESTION_CONTEXT = 6;

export function suggestionMessages(messages: ChatMessageView[]) {
  return messages
    .filter((message) => message.content.trim() !== '')
    .slice(-SUGGESTION_CONTEXT)
    .map((message) => ({ role: message.role, content: message.content.slice(0, 2_000) }));
}
