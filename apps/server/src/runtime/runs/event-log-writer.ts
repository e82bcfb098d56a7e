import type { Db } from '../../platform/db/index.js';
import type { EventHub } from './event-hub.js';
import { appendEvents, type RunEvent } from './run.repo.js';

/** Rows per insert: bounds one statement's size. */
const MAX_ROWS_PER_INSERT = 5_000;
/**
 * Inserts start at most this often. The events are already delivered live, so waiting costs the
 * streams nothing, and one statement then carries what every run emitted meanwhile: with embedded
 * PGlite each statement runs on this thread, and a statement per few events took a core at 50 streams.
 */
const FLUSH_INTERVAL_MS = 25;

interface Pending {
  runId: string;
  events: RunEvent[];
  settle: (error?: unknown) => void;
}

/**
 * One writer for the event logs of every run in this process. Whatever arrives while an insert is
 * in flight or waiting for its turn goes into the next one, so fifty streaming runs cost one insert
 * every `FLUSH_INTERVAL_MS`, not fifty.
 * Events are delivered live in this process at once, and announced to other processes once logged.
 */
export class EventLogWriter {
  private queue: Pending[] = [];
  private flushing = false;
  private timer: NodeJS.Timeout | undefined;
  private lastFlushAt = 0;

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
        this.schedule();
      });
    // One promise per run: its callbacks run in the order they were added, so the log keeps the order.
    if (!after) return enqueue();
    return after.then(enqueue, (error: unknown) => {
      this.hub.discardUnlogged(runId);
      throw error;
    });
  }

  private schedule(): void {
    if (this.flushing || this.timer || this.queue.length === 0) return;
    const wait = Math.max(0, this.lastFlushAt + FLUSH_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    this.lastFlushAt = Date.now();
    const batch = this.takeBatch();
    try {
      await appendEvents(this.db, batch.flatMap(({ runId, events }) => events.map((event) => ({ runId, ...event }))));
      const lastSeqs = new Map<string, number>();
      for (const { runId, events, settle } of batch) {
        this.hub.logged(runId, events);
        lastSeqs.set(runId, events[events.length - 1]?.seq ?? 0);
        settle();
      }
      this.hub.announce(lastSeqs);
    } catch (error) {
      for (const { runId, settle } of batch) {
        this.hub.discardUnlogged(runId);
        settle(error);
      }
    } finally {
      this.flushing = false;
      this.schedule();
    }
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
