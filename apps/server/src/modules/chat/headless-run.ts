import type { RunEndStatus } from '@agent-platform/contracts';
import { listenerSink, type RunEvent, type RunRow, type RunService, type RunSink } from '../../runtime/runs/index.js';

/** A turn with nobody watching: the caller's own history (OpenAI-style API, in a conversation of its own), or a conversation's (`conversation_id`, or a new one). */
export interface HeadlessTurn {
  query: string;
  history?: Array<{ role: 'user' | 'assistant'; content: string }>;
  conversation_id?: string;
}

/** What a turn with nobody watching came to: its status, the text it answered, where it is kept. */
export interface HeadlessResult {
  status: RunEndStatus;
  text: string;
  run_id: string;
  conversation_id: string;
}

/**
 * One turn, or one segment after a decision, with nobody watching (publishing's OpenAI-style API and
 * MCP): `start` starts it on the sink given, every event goes to `onEvent`, and the promise settles
 * when the run ends or pauses. An aborted `signal` cancels the run for `ownerId`. `isAnswer` picks
 * the text pieces that are the answer (all by default); the others are left out. A segment after a
 * decision has no `run` event: its `conversation_id` is empty.
 */
export function runHeadless(
  runs: RunService,
  ownerId: string,
  start: (sink: RunSink) => Promise<RunRow>,
  onEvent: (event: RunEvent) => void,
  signal?: AbortSignal,
  isAnswer: (piece: RunEvent) => boolean = () => true,
): Promise<HeadlessResult> {
  return new Promise<HeadlessResult>((resolve, reject) => {
    let text = '';
    let conversationId = '';
    const sink = listenerSink((event: RunEvent) => {
      if (event.type === 'delta' && !isAnswer(event)) return;
      if (event.type === 'run') conversationId = String(event.data.conversation_id);
      if (event.type === 'delta') text += String(event.data.text ?? '');
      onEvent(event);
      if (event.type === 'done') resolve({ status: event.data.status as RunEndStatus, text, run_id: String(event.data.run_id), conversation_id: conversationId });
    });
    start(sink)
      .then((run) => {
        const cancel = () => runs.cancel(ownerId, run.id).catch(() => undefined);
        if (signal?.aborted) void cancel();
        else signal?.addEventListener('abort', cancel, { once: true });
      })
      .catch(reject);
  });
}
