import type { RunEvent } from './run.repo.js';

/** Where a run's events go: an HTTP response (the route builds it), a listener in this process, a test. */
export interface RunEventSink {
  send(event: RunEvent): void;
  /** Called after the run's last `done`: nothing more comes. */
  end(): void;
  readonly isClosed: boolean;
  /** Told when the sink ends or its reader goes away. */
  onClose(handler: () => void): void;
}

/** Opens the sink with the run's first event: whatever is refused before it is an ordinary answer. */
export type RunSink = () => RunEventSink;

/** A sink handing each event to `listener` (a job, a headless run, a test): no transport at all. */
export function listenerSink(listener: (event: RunEvent) => void): RunSink {
  return () => {
    let closed = false;
    const closeHandlers: Array<() => void> = [];
    return {
      send: (event) => {
        if (!closed) listener(event);
      },
      end() {
        if (closed) return;
        closed = true;
        for (const handler of closeHandlers.splice(0)) handler();
      },
      get isClosed() {
        return closed;
      },
      onClose(handler) {
        if (closed) handler();
        else closeHandlers.push(handler);
      },
    };
  };
}
