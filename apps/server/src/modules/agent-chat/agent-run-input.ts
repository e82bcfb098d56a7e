import type { AgentInfo } from '@agent-platform/contracts';
import type { ImagePart, TextPart } from '../../platform/llm/index.js';
import type { EngineMode } from '../../runtime/agent-engine/index.js';

/**
 * What an agent run stores to go on in any process: the agent as it was when the turn started (a draft
 * previewed in the builder included), the question and the history the model sees.
 */
export interface AgentRunInput {
  mode: EngineMode;
  agent: AgentInfo;
  query: string;
  /** The last user message carries the question's attachments (their text, and images for vision models). */
  history: Array<{ role: 'user'; content: string | Array<TextPart | ImagePart> } | { role: 'assistant'; content: string }>;
  message_id: string;
  conversation_id: string;
  /** The turn opened the conversation: its completed answer gets the conversation a title. */
  opens_conversation?: boolean;
}

export const runInputOf = (input: Record<string, unknown>) => input as unknown as AgentRunInput;
