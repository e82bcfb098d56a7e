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
