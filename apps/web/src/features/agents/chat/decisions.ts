import type { HitlDecision, HitlKind } from '@agent-platform/contracts';
import type { Decision } from './agent-messages';
import type { DecisionBody } from './api';

/**
 * The call for a decision at a pause (docs/streaming.md, "Human in the loop"): confirming an observation has
 * its own call; confirming an action or a plan is `hitl_action_confirm`.
 */
export function decisionRequest(kind: HitlKind, runId: string, { choice, content, feedback }: Decision): { call: HitlDecision; body: DecisionBody } {
  switch (choice) {
    case 'confirm':
      return { call: kind === 'observation_confirm' ? 'hitl_observation_confirm' : 'hitl_action_confirm', body: { run_id: runId } };
    case 'replace':
      return { call: 'hitl_replace', body: { run_id: runId, content } };
    case 'feedback':
      return { call: 'hitl_feedback', body: { run_id: runId, feedback: feedback ?? '' } };
    case 'finish':
      return { call: 'hitl_finish', body: { run_id: runId } };
  }
}

/** The tool input a person typed: a JSON object, or the Chinese reason it is not one. */
export function parseToolInput(text: string, messages: { required: string; invalid: string; notObject: string }): { value: Record<string, unknown> } | { error: string } {
  if (!text.trim()) return { error: messages.required };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: messages.invalid };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: messages.notObject };
  return { value: value as Record<string, unknown> };
}
