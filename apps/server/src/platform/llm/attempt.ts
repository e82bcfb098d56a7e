import { aborted } from './errors.js';

/**
 * One try of a model call: its own abort signal, stopped by the caller's signal or by the watchdog.
 * The watchdog fires when the call stays silent for `timeoutMs`; streams `touch()` it on every part,
 * so for them it is a first-token and idle timeout.
 */
export interface Attempt {
  signal: AbortSignal;
  touch(): void;
  /** Why the attempt was stopped, if it was. */
  stopped(): 'timeout' | 'caller' | undefined;
  /** Stops the watchdog and aborts whatever is still open (the upstream connection included). */
  dispose(): void;
}

/** One reason for every attempt that ended: an error's stack costs more than the rest of the clean-up. */
const FINISHED = new Error('model call finished');

export function startAttempt(callerSignal: AbortSignal | undefined, timeoutMs: number): Attempt {
  const controller = new AbortController();
  let why: 'timeout' | 'caller' | undefined;
  const stop = (reason: 'timeout' | 'caller') => {
    if (controller.signal.aborted) return;
    why = reason;
    controller.abort(reason === 'caller' ? callerSignal?.reason : new Error('model call timed out'));
  };
  const onCallerAbort = () => stop('caller');
  if (callerSignal?.aborted) stop('caller');
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  // Streams touch on every part: moving a timestamp is cheaper than re-arming a timer each time.
  let lastActivity = Date.now();
  const watch = (delay: number): NodeJS.Timeout =>
    setTimeout(() => {
      const silentFor = Date.now() - lastActivity;
      if (silentFor >= timeoutMs) stop('timeout');
      else timer = watch(timeoutMs - silentFor);
    }, delay);
  let timer = watch(timeoutMs);
  return {
    signal: controller.signal,
    touch() {
      lastActivity = Date.now();
    },
    stopped: () => why,
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
      if (!controller.signal.aborted) controller.abort(FINISHED);
    },
  };
}

/** Waits before the next try; the caller's abort ends the wait with `aborted`. */
export function backoff(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const MAX_RETRY_AFTER_MS = 30_000;

/** Exponential: base, 2×base, 4×base …, at least what the provider asked for (bounded), with a little jitter. */
export function retryDelay(baseMs: number, attempt: number, retryAfterMs: number | undefined): number {
  const exponential = baseMs * 2 ** (attempt - 1);
  const jittered = exponential * (1 + Math.random() * 0.2);
  return Math.round(Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS)));
}
