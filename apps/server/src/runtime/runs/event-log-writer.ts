import type { Db } from '../../platform/db/index.js';
import type { EventHub } from './event-hub.js';
import type { RunStepRow } from './run-steps.repo.js';
import { appendLog, type LogNotifications, type RunEvent } from './run.repo.js';

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
  /** Steps written behind their run ride along with the events. */
  steps: RunStepRow[];
  settle: (error?: unknown) => void;
}

/**
 * One writer for the event logs of every run in this process, and for the steps runs write behind
 * them. Whatever arrives while an insert is in flight or waiting for its turn goes into the next one,
 * so fifty streaming runs cost one insert every `FLUSH_INTERVAL_MS`, not fifty.
 * Events are delivered live in this process at once, and announced to other processes once logged.
 */
export class EventLogWriter {
  private queue: Pending[] = [];
  private flushing = false;
  private timer: NodeJS.Timeout | undefined;
  private lastFlushAt = 0;
  /** Someone waits for what is queued: the next insert starts without waiting for its interval. */
  private hurried = false;

  constructor(
    private readonly db: Db,
    private readonly hub: EventHub,
  ) {}

  /** Streams `events` now; logs them once `after` (the run's own row being stored) has resolved. */
  append(runId: string, events: RunEvent[], after?: Promise<void>): Promise<void> {
    this.hub.deliver(runId, events);
    const enqueue = () => this.enqueue(runId, events, []);
    // One promise per run: its callbacks run in the order they were added, so the log keeps the order.
    if (!after) return enqueue();
    return after.then(enqueue, (error: unknown) => {
      this.hub.discardUnlogged(runId);
      throw error;
    });
  }

  /** Writes a step with the next insert; until someone hurries, it waits for that insert's turn. */
  appendStep(row: RunStepRow): Promise<void> {
    return this.enqueue(row.runId, [], [row]);
  }

  /** What is queued is needed now (a run pauses or ends): the next insert starts at once. */
  hurry(): void {
    this.hurried = true;
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.schedule();
  }

  private enqueue(runId: string, events: RunEvent[], steps: RunStepRow[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ runId, events, steps, settle: (error) => (error ? reject(error) : resolve()) });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.flushing || this.timer || this.queue.length === 0) return;
    const wait = this.hurried ? 0 : Math.max(0, this.lastFlushAt + FLUSH_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    this.hurried = false;
    this.lastFlushAt = Date.now();
    const batch = this.takeBatch();
    const logged = batch.filter((item) => item.events.length > 0);
    const lastSeqs = new Map(logged.map(({ runId, events }) => [runId, events[events.length - 1]!.seq]));
    const notify = this.hub.notificationsInLog(lastSeqs);
    try {
      const failedSteps = await this.write(batch, notify);
      for (const { runId, events } of logged) this.hub.logged(runId, events);
      for (const item of batch) item.settle(failedSteps.get(item));
      if (!notify) this.hub.announce(lastSeqs);
    } catch (error) {
      for (const { runId } of logged) this.hub.discardUnlogged(runId);
      for (const { settle } of batch) settle(error);
    } finally {
      this.flushing = false;
      this.schedule();
    }
  }

  /**
   * One statement for the batch. If it fails, the events are tried alone (their failure fails the
   * batch) and then each step alone: a bad step fails its own run, not every run's log.
   */
  private async write(batch: Pending[], notify: LogNotifications | undefined): Promise<Map<Pending, unknown>> {
    const events = batch.flatMap(({ runId, events }) => events.map((event) => ({ runId, ...event })));
    const stepItems = batch.filter((item) => item.steps.length > 0);
    const failed = new Map<Pending, unknown>();
    try {
      await appendLog(this.db, events, stepItems.flatMap((item) => item.steps), notify);
      return failed;
    } catch (error) {
      if (stepItems.length === 0 || (events.length === 0 && stepItems.length === 1)) throw error;
    }
    await appendLog(this.db, events, [], notify);
    for (const item of stepItems) await appendLog(this.db, [], item.steps).catch((error: unknown) => failed.set(item, error));
    return failed;
  }

  private takeBatch(): Pending[] {
    const size = (item: Pending) => item.events.length + item.steps.length;
    let rows = 0;
    let count = 0;
    while (count < this.queue.length && (count === 0 || rows + size(this.queue[count]!) <= MAX_ROWS_PER_INSERT)) {
      rows += size(this.queue[count]!);
      count += 1;
    }
    return this.queue.splice(0, count);
  }
}
