import { MA_CONTEXTS } from '@agent-platform/contracts';
import { z } from 'zod';
import { storedJson } from '../../core/index.js';

const hitl = z.object({ action_confirm: z.boolean(), observation_confirm: z.boolean() });

const memberSchema = z.object({
  agent_id: z.string(),
  agent_name: z.string(),
  agent_avatar: z.string(),
  note: z.string(),
  hitl: hitl.nullable(),
  position: z.object({ x: z.number(), y: z.number() }).nullable().default(null),
});

/** A setup's graph column: who works together, how, and within which limits. */
export const storedGraph = storedJson('multi-agent graph', {
  version: 1,
  schema: z.object({
    members: z.array(memberSchema),
    edges: z.array(z.object({ from: z.string(), to: z.string() })),
    start_agent_id: z.string(),
    supervisor: z.object({ llm_name: z.string(), system_prompt: z.string() }).nullable(),
    context: z.enum(MA_CONTEXTS),
    max_handoffs: z.number(),
  }),
});

export type StoredGraph = ReturnType<typeof storedGraph.read>;
