/** Zod-free values of agents, shared by server and web. */

export const AGENT_DEFAULTS = {
  max_steps: 8,
  history_turns: 5,
  kb_top_k: 5,
  kb_threshold: 0,
  kb_mode: 'hybrid',
} as const;

export const AGENT_LIMITS = { max_steps: 30, history_turns: 50, tools: 30, kbs: 20, services: 10, resources: 5, suggested_questions: 6 } as const;

/** The pauses of agent and plan chat (docs/streaming.md, `await.kind`). */
export const HITL_KINDS = ['action_confirm', 'observation_confirm', 'plan_confirm'] as const;
export type HitlKind = (typeof HITL_KINDS)[number];

/** The five decisions; each is a call under `/agent/chat/` and `/agent/plan_chat/`. */
export const HITL_DECISIONS = ['hitl_action_confirm', 'hitl_observation_confirm', 'hitl_replace', 'hitl_feedback', 'hitl_finish'] as const;
export type HitlDecision = (typeof HITL_DECISIONS)[number];

/** Plan steps as the `plan` event reports them. */
export const PLAN_STEP_STATUSES = ['pending', 'running', 'done'] as const;
export type PlanStepStatus = (typeof PLAN_STEP_STATUSES)[number];

/** What an API key looks like: `ak-` and 40 url-safe characters; shown whole once. */
export const AGENT_API_KEY_PREFIX = 'ak-';

/** Where a published agent or multi-agent setup is served as an MCP server (Streamable HTTP; the API key as bearer token). */
export const agentMcpPath = (id: string) => `/v1/mcp/${id}`;

/**
 * The one tool an agent or setup offers over MCP: `ask_` and the ASCII letters and digits of its name
 * (lower case, other characters as `_`, at most 40), or `ask_agent_` and the first 8 hex digits of its
 * id when the name has fewer than 3 of them or no letter (most Chinese names): MCP clients and models
 * accept identifiers only.
 */
export function mcpToolNameOf(name: string, id: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase()
    .slice(0, 40)
    .replace(/^_+|_+$/g, '');
  const usable = ascii.replace(/_/g, '').length >= 3 && /[a-z]/.test(ascii);
  return `ask_${usable ? ascii : `agent_${id.replace(/-/g, '').slice(0, 8).toLowerCase()}`}`;
}
