import { pipelineOrder, type HitlKind, type MaInfo } from '@agent-platform/contracts';
import { stepInfo, type RunEvent } from '../../runtime/runs/index.js';
import type { MaRunInput } from './ma-run-input.js';
import { legState, memberOf, type Leg, type MaNotice } from './ma-legs.js';

/** Steps the conversation shows with the answer (model calls are the engine's own). */
const SHOWN_STEPS = new Set(['retrieval', 'action', 'observation', 'decision', 'notice']);

export interface MaSegmentEnd {
  status: 'completed' | 'awaiting' | 'finished' | 'failed' | 'cancelled';
  awaiting?: { kind: HitlKind; step_id: string; payload: Record<string, unknown>; agent_id: string };
  error?: string;
}

const nameOf = (input: MaRunInput, agentId: string) => (agentId === input.setup.id ? input.setup.name : (memberOf(input, agentId)?.agent.name ?? ''));

/**
 * The turn's assistant message: its text is what answers the user (every agent's part in `handoff`,
 * the last member's in `sequential`, the coordinator's in `supervisor`), and `meta.segments` keeps
 * each agent's part under its name for the page; `active_agent_id` is who answers the next turn.
 */
export function maAnswer(input: MaRunInput, legs: Leg[], notices: MaNotice[], end: MaSegmentEnd): { content: string; meta: Record<string, unknown> } {
  const segments = legs.map((leg) => ({ agent_id: leg.start.agent_id, agent_name: nameOf(input, leg.start.agent_id), role: leg.start.role, text: legState(leg).answer }));
  const answering = input.setup.mode === 'handoff' ? segments : input.setup.mode === 'supervisor' ? segments.filter((segment) => segment.role === 'coordinator') : segments.slice(-1);
  const content = answering.map((segment) => segment.text).join('') + notices.map((notice) => notice.text).join('');
  const usage = { prompt_tokens: 0, completion_tokens: 0 };
  const steps = [];
  for (const leg of legs) {
    for (const row of leg.steps) {
      const counted = row.type === 'model' ? (row.output as { usage?: typeof usage } | null)?.usage : undefined;
      usage.prompt_tokens += counted?.prompt_tokens ?? 0;
      usage.completion_tokens += counted?.completion_tokens ?? 0;
      if (SHOWN_STEPS.has(row.type)) steps.push({ ...stepInfo(row), agent_id: leg.start.agent_id });
    }
  }
  const active = legs.findLast((leg) => leg.start.role === 'member')?.start.agent_id;
  return {
    content,
    meta: {
      setup_id: input.setup.id,
      setup_name: input.setup.name,
      mode: input.setup.mode,
      status: end.status,
      usage,
      // Notices (a limit reached) are shown under the agent that was speaking.
      segments: [...segments, ...notices.map((notice) => ({ agent_id: notice.agent_id, agent_name: nameOf(input, notice.agent_id), role: 'notice', text: notice.text }))],
      steps,
      ...(input.setup.mode === 'handoff' && active ? { active_agent_id: active } : {}),
      ...(end.awaiting ? { awaiting: end.awaiting } : {}),
      ...(end.error ? { error: end.error } : {}),
    },
  };
}

/** Which text pieces of a turn are its answer, as `maAnswer` keeps it: any agent's in `handoff`, the coordinator's in `supervisor`, the last member's in `sequential`. */
export function isAnswerPiece(setup: Pick<MaInfo, 'id' | 'mode' | 'edges' | 'start_agent_id'>): (piece: RunEvent) => boolean {
  if (setup.mode === 'handoff') return () => true;
  const answering = setup.mode === 'supervisor' ? setup.id : pipelineOrder(setup).at(-1);
  return (piece) => piece.data.agent_id === answering;
}
