import { sql } from 'drizzle-orm';
import type { WriteBehind, WriteKind } from '../../platform/db/index.js';
import type { EventHub } from './event-hub.js';
import { stepsInsert, type RunStepRow } from './run-steps.repo.js';
import { eventsInsert, type RunEvent } from './run.repo.js';

type LoggedEvent = RunEvent & { runId: string };

/** Each run's last event in `rows` (run id → seq). */
function lastSeqs(rows: LoggedEvent[]): Map<string, number> {
  return new Map(rows.map((row) => [row.runId, row.seq]));
}

function byRun(rows: LoggedEvent[]): Map<string, RunEvent[]> {
  const runs = new Map<string, RunEvent[]>();
  for (const { runId, ...event } of rows) {
    const events = runs.get(runId);
    if (events) events.push(event);
    else runs.set(runId, [event]);
  }
  return runs;
}

/** Steps written behind their run, with its events. */
const STEPS: WriteKind<RunStepRow> = { statement: stepsInsert };

/**
 * The event logs of every run in this process, and the steps runs write behind them, written with
 * the shared write-behind statement: fifty streaming runs cost one insert every few tens of
 * milliseconds, not fifty. Events are delivered live in this process at once, and announced to other
 * processes once logged (by the insert itself when the bus is PostgreSQL's NOTIFY).
 */
export class EventLogWriter {
  private readonly events: WriteKind<LoggedEvent>;

  constructor(
    private readonly writes: WriteBehind,
    private readonly hub: EventHub,
  ) {
    this.events = {
      statement: eventsInsert,
      tail(rows) {
        if (!hub.announcedByLog) return undefined;
        const { channel, payloads } = hub.announcements(lastSeqs(rows));
        return sql`select pg_notify(${channel}, payload) from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) as payload`;
      },
      written(rows) {
        for (const [runId, events] of byRun(rows)) hub.logged(runId, events);
        if (!hub.announcedByLog) hub.announce(lastSeqs(rows));
      },
      failed(rows) {
        for (const runId of byRun(rows).keys()) hub.discardUnlogged(runId);
      },
    };
  }

  /** Streams `events` now; logs them once `after` (the run's own row being stored) has resolved. */
  append(runId: string, events: RunEvent[], after?: Promise<void>): Promise<void> {
    this.hub.deliver(runId, events);
    const enqueue = () =>
      this.writes.add(
        this.events,
        events.map((event) => ({ runId, ...event })),
      );
    // One promise per run: its callbacks run in the order they were added, so the log keeps the order.
    if (!after) return enqueue();
    return after.then(enqueue, (error: unknown) => {
      this.hub.discardUnlogged(runId);
      throw error;
    });
  }

  /** Writes a step with the next statement; until someone hurries, it waits for that statement's turn. */
  appendStep(row: RunStepRow): Promise<void> {
    return this.writes.add(STEPS, [row]);
  }

  /** What is queued is needed now (a run pauses or ends): the next statement starts at once. */
  hurry(): void {
    this.writes.hurry();
  }
}
