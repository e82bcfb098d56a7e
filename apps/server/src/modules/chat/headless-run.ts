import type { RunEndStatus } from '@agent-platform/contracts';
import { listenerSink, type RunEvent, type RunRow, type RunService, type RunSink } from '../../runtime/runs/index.js';

/** What a turn with nobody watching came to: its status, the text it answered, where it is kept. */
export interface HeadlessResult {
  status: RunEndStatus;
  text: string;
  run_id: string;
  conversation_id: string;
}

/**
 * One turn with nobody watching (publishing's OpenAI-style API): `start` starts it on the sink given,
 * every event goes to `onEvent`, and the promise settles when the run ends or pauses (a pause cannot
 * be answered there). An aborted `signal` cancels the run for `ownerId`. `isAnswer` picks the text
 * pieces that are the answer (all by default); the others are left out.
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
    let announced: { run_id: string; conversation_id: string } | undefined;
    const sink = listenerSink((event: RunEvent) => {
      if (event.type === 'delta' && !isAnswer(event)) return;
      if (event.type === 'run') announced = { run_id: String(event.data.run_id), conversation_id: String(event.data.conversation_id) };
      if (event.type === 'delta') text += String(event.data.text ?? '');
      onEvent(event);
      if (event.type === 'done' && announced) resolve({ status: event.data.status as RunEndStatus, text, ...announced });
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
