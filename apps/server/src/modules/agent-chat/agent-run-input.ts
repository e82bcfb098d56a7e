import { z } from 'zod';
import type { AgentInfo } from '@agent-platform/contracts';
import { storedJson } from '../../core/index.js';
import { hitlSchema, retrievalSchema, serviceRefsSchema } from '../agent/index.js';

const text = z.string();
/** An agent as a run stores it (the snapshot a later segment runs with). */
export const agentSnapshotSchema = z.object({
  id: text,
  name: text,
  avatar: text,
  description: text,
  system_prompt: text,
  opening_message: text,
  suggested_questions: z.array(text),
  llm_name: text,
  temperature: z.number().nullable(),
  top_p: z.number().nullable(),
  max_tokens: z.number().nullable(),
  tool_ids: z.array(text),
  services: serviceRefsSchema,
  kb_ids: z.array(text),
  retrieval: retrievalSchema,
  hitl: hitlSchema,
  max_steps: z.number(),
  history_turns: z.number(),
  tags: z.array(text),
  is_public: z.boolean(),
  /** Added after version 1 was first stored: older runs' agents did not share their prompt. */
  prompt_shared: z.boolean().default(false),
  owner_id: text,
  owner_name: text,
  editable: z.boolean(),
  created_at: text,
  updated_at: text,
}) satisfies z.ZodType<AgentInfo>;

const contentPart = z.discriminatedUnion('type', [z.object({ type: z.literal('text'), text }), z.object({ type: z.literal('image'), url: text })]);

const agentRunInputSchema = z.object({
  mode: z.enum(['chat', 'plan']),
  /** The agent as it was when the turn started (a draft previewed in the builder included). */
  agent: agentSnapshotSchema,
  query: text,
  /** The last user message carries the question's attachments (their text, and images for vision models). */
  history: z.array(
    z.discriminatedUnion('role', [z.object({ role: z.literal('user'), content: z.union([text, z.array(contentPart)]) }), z.object({ role: z.literal('assistant'), content: text })]),
  ),
  message_id: text,
  conversation_id: text,
  /** The turn opened the conversation: its completed answer gets the conversation a title. */
  opens_conversation: z.boolean(),
});

/** What an agent run stores to go on in any process: the agent, the question and the history the model sees. */
export type AgentRunInput = z.output<typeof agentRunInputSchema>;

/**
 * A run's stored input (`runs.input` of `agent` and `plan` runs). Version 0 is the shape stored before
 * versions: `opens_conversation` could be missing and meant "no".
 */
export const agentRunInput = storedJson('agent run input', {
  version: 1,
  schema: agentRunInputSchema,
  upgrades: { 0: (older) => ({ ...older, opens_conversation: older.opens_conversation ?? false }) },
});

export const runInputOf = (input: unknown): AgentRunInput => agentRunInput.read(input);
