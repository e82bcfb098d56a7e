import type { AuthUser } from '../../core/index.js';
import type { RunExecutor, RunRow, RunService, RunSink } from '../../runtime/runs/index.js';
import type { Turn } from './chat-turn.js';

export interface TurnRun {
  /** The run's kind: the chat's area (`llm`, `kb`, `agent`, …). */
  kind: string;
  user: AuthUser;
  turn: Turn;
  /** What the run is with (a model name, an agent id …), for listing runs. */
  subject: string;
  /** Stored with the run: what a later segment or a listing needs (the question's id at least). */
  input: Record<string, unknown>;
  /** How long the run may go on with nobody watching before it is stopped. */
  abandonAfterMs: number;
}

/**
 * Starts a prepared turn as a durable run: `sink` is opened with the run's first event (announcing
 * the conversation and the question), and `executor` answers while the question is written.
 * `controller`: the one a caller's early work (a model call already on its way) listens to.
 */
export function startTurnRun(runs: RunService, sink: RunSink, start: TurnRun, executor: RunExecutor, controller?: AbortController): Promise<RunRow> {
  const { conversationId, messageId } = start.turn;
  return runs.startAndStream(
    sink,
    {
      run: { kind: start.kind, ownerId: start.user.id, conversationId, subject: start.subject, input: start.input },
      announce: { conversation_id: conversationId, message_id: messageId },
      abandonAfterMs: start.abandonAfterMs,
      // The question is written while the answer streams; the run's row and log follow it.
      after: start.turn.record(),
    },
    executor,
    controller,
  );
}
