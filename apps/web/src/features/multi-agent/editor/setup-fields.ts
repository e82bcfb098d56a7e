import type { MaContext, MaInfo, MaMode } from '@agent-platform/contracts';
import { MA_LIMITS } from '@agent-platform/contracts';

/** The setup's own fields as the editor holds them (the graph is kept apart, with its history). */
export interface SetupFields {
  name: string;
  avatar: string;
  description: string;
  tags: string[];
  mode: MaMode;
  context: MaContext;
  max_handoffs: number;
  supervisor: { llm_name: string; system_prompt: string };
}

export const defaultFields = (): SetupFields => ({
  name: '',
  avatar: '🤝',
  description: '',
  tags: [],
  mode: 'handoff',
  context: 'conversation',
  max_handoffs: MA_LIMITS.handoffs_per_turn,
  supervisor: { llm_name: '', system_prompt: '' },
});

export const fieldsOf = (setup: MaInfo): SetupFields => ({
  name: setup.name,
  avatar: setup.avatar,
  description: setup.description,
  tags: setup.tags,
  mode: setup.mode,
  context: setup.context,
  max_handoffs: setup.max_handoffs,
  supervisor: setup.supervisor ?? { llm_name: '', system_prompt: '' },
});
