import type { Db } from '../../platform/db/index.js';
import type { EventHub } from './event-hub.js';
import { appendEvents, type RunEvent } from './run.repo.js';

/** Rows per insert: bounds one statement's size. */
const MAX_ROWS_PER_INSERT = 5_000;

interface Pending {
  runId: string;
  events: RunEvent[];
  settle: (error?: unknown) => void;
}

/**
 * One writer for the event logs of every run in this process. Whatever arrives while an insert is
 * in flight goes into the next one, so fifty streaming runs cost a few inserts a tick, not fifty.
 * Events are delivered live in this process at once, and announced to other processes once logged.
 */
export class EventLogWriter {
  private queue: Pending[] = [];
  private flushing = false;

  constructor(
    private readonly db: Db,
    private readonly hub: EventHub,
  ) {}

  /** Streams `events` now; logs them once `after` (the run's own row being stored) has resolved. */
  append(runId: string, events: RunEvent[], after?: Promise<void>): Promise<void> {
    this.hub.deliver(runId, events);
    const enqueue = () =>
      new Promise<void>((resolve, reject) => {
        this.queue.push({ runId, events, settle: (error) => (error ? reject(error) : resolve()) });
        if (!this.flushing) void this.flush();
      });
    // One promise per run: its callbacks run in the order they were added, so the log keeps the order.
    if (!after) return enqueue();
    return after.then(enqueue, (error: unknown) => {
      this.hub.discardUnlogged(runId);
      throw error;
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.queue.length > 0) {
      const batch = this.takeBatch();
      try {
        await appendEvents(this.db, batch.flatMap(({ runId, events }) => events.map((event) => ({ runId, ...event }))));
        for (const { runId, events, settle } of batch) {
          this.hub.logged(runId, events);
          settle();
        }
      } catch (error) {
        for (const { runId, settle } of batch) {
          this.hub.discardUnlogged(runId);
          settle(error);
        }
      }
    }
    this.flushing = false;
  }

  private takeBatch(): Pending[] {
    let rows = 0;
    let count = 0;
    while (count < this.queue.length && (count === 0 || rows + this.queue[count]!.events.length <= MAX_ROWS_PER_INSERT)) {
      rows += this.queue[count]!.events.length;
      count += 1;
    }
    return this.queue.splice(0, count);
  }
}
