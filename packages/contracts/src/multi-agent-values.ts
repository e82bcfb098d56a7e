export const MA_MODES = ['handoff', 'supervisor', 'sequential'] as const;
export type MaMode = (typeof MA_MODES)[number];
export const MA_MODE_LABELS: Record<MaMode, string> = { handoff: '转交', supervisor: '主管协调', sequential: '顺序流水线' };

export const MA_CONTEXTS = ['conversation', 'task'] as const;
export type MaContext = (typeof MA_CONTEXTS)[number];

export const MA_LIMITS = {
  members: 10,
  /** Handoffs or delegations in one turn. */
  handoffs_per_turn: 8,
  /** Times the same two agents may hand the conversation back to each other in one turn. */
  pair_bounces: 2,
} as const;

export const MA_DEFAULTS = { context: 'conversation' as MaContext };

/**
 * Who the coordinator of an unsaved setup is in a preview's events (`agent_id`, `from_agent_id`), and
 * the subject its preview conversations are kept under: it has no id of its own yet.
 */
export const MA_DRAFT_ID = 'draft';
