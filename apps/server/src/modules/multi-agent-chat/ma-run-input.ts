import { MA_CONTEXTS, MA_MODES } from '@agent-platform/contracts';
import { z } from 'zod';
import { storedJson, type Viewer } from '../../core/index.js';
import { agentSnapshotSchema } from '../agent-chat/index.js';

const text = z.string();
const contentPart = z.discriminatedUnion('type', [z.object({ type: z.literal('text'), text }), z.object({ type: z.literal('image'), url: text })]);
const hitl = z.object({ action_confirm: z.boolean(), observation_confirm: z.boolean() });

const maRunInputSchema = z.object({
  /** The setup as it was when the turn started. */
  setup: z.object({
    id: text,
    name: text,
    avatar: text,
    owner_id: text,
    mode: z.enum(MA_MODES),
    edges: z.array(z.object({ from: text, to: text })),
    start_agent_id: text,
    supervisor: z.object({ llm_name: text, system_prompt: text }).nullable(),
    context: z.enum(MA_CONTEXTS),
    max_handoffs: z.number(),
  }),
  /** Each member's agent as it was, with its note and the setup's confirmation override. */
  members: z.array(z.object({ agent: agentSnapshotSchema, note: text, hitl: hitl.nullable() })),
  /** Who answers first this turn (in `handoff`, the agent the last turn ended with). */
  first_agent_id: text,
  query: text,
  /** Earlier messages and this turn's question (with its attachments). */
  history: z.array(
    z.discriminatedUnion('role', [z.object({ role: z.literal('user'), content: z.union([text, z.array(contentPart)]) }), z.object({ role: z.literal('assistant'), content: text })]),
  ),
  message_id: text,
  conversation_id: text,
  opens_conversation: z.boolean(),
});

export type MaRunInput = z.output<typeof maRunInputSchema>;

/** A multi-agent run's stored input (`runs.input` of `ma` runs): everything a later segment needs, in any process. */
export const maRunInput = storedJson('multi-agent run input', { version: 1, schema: maRunInputSchema });

/** Whose authority a setup's members run with: its owner's (a published setup's members are used only through it). */
export const setupOwner = (ownerId: string, user: Viewer): Viewer => (ownerId === user.id ? user : { id: ownerId, role: 'user' });
