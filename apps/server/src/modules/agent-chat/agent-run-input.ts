import type { AgentInfo } from '@agent-platform/contracts';
import type { EngineMode } from '../../runtime/agent-engine/index.js';

/**
 * What an agent run stores to go on in any process: the agent as it was when the turn started (a draft
 * previewed in the builder included), the question and the history the model sees.
 */
export interface AgentRunInput {
  mode: EngineMode;
  agent: AgentInfo;
  query: string;
  history: Array<{ role: 'user' | 'assistant'; content: string }>;
  message_id: string;
  conversation_id: string;
}

export const runInputOf = (input: Record<string, unknown>) => input as unknown as AgentRunInput;
