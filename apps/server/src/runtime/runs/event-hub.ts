import type { Bus } from '../../platform/bus/index.js';
import type { Db } from '../../platform/db/index.js';
import { listEventsAfter, type RunEvent } from './run.repo.js';

type Listener = (event: RunEvent) => void;

/** Tells other processes that runs logged new events, as `<run_id>:<seq>` items separated by spaces. */
const EVENTS_CHANNEL = 'aip_run_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7_900;

/**
 * Live delivery of run events to the streams attached in this process. Runs executed here deliver
 * directly; for runs executed by another process, a bus notification makes this process read the
 * new events from the log.
 */
export class EventHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly delivered = new Map<string, number>();
  private readonly executedHere = new Set<string>();
  private readonly fetching = new Map<string, Promise<void>>();
  /** Events of runs executed here that were delivered but are not in the log yet, per run. */
  private readonly unlogged = new Map<string, RunEvent[]>();
  /** Shutting down: the database is about to close, reads it would fail are not started. */
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly onError: (error: unknown) => void,
  ) {
    bus.subscribe(EVENTS_CHANNEL, (payload) => this.onNotification(payload));
  }

  executing(runId: string, active: boolean): void {
    if (active) this.executedHere.add(runId);
    else this.executedHere.delete(runId);
  }

  subscribe(runId: string, listener: Listener): () => void {
    let set = this.listeners.get(runId);
    if (!set) {
      set = new Set();
      this.listeners.set(runId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.listeners.delete(runId);
        this.delivered.delete(runId);
      }
    };
  }

  subscriberCount(runId: string): number {
    return this.listeners.get(runId)?.size ?? 0;
  }

  /**
   * Called by the executing process as soon as events exist: streams in this process get them at once,
   * while the log insert is still on its way (waiting for it would add a database round trip to every
   * token). Until `logged`, they are kept here so a stream attaching meanwhile misses none.
   */
  deliver(runId: string, events: RunEvent[]): void {
    const waiting = this.unlogged.get(runId);
    if (waiting) waiting.push(...events);
    else this.unlogged.set(runId, [...events]);
    for (const event of events) this.dispatch(runId, event);
  }

  /** The events are in the log: they need not be kept here any more. */
  logged(runId: string, events: RunEvent[]): void {
    const last = events[events.length - 1];
    if (!last) return;
    const waiting = this.unlogged.get(runId)?.filter((event) => event.seq > last.seq);
    if (waiting?.length) this.unlogged.set(runId, waiting);
    else this.unlogged.delete(runId);
  }

  /**
   * The notifications that tell other processes which runs have new events in the log (run id → last
   * logged seq): one for a whole insert of many runs, not one per run, split to fit NOTIFY's limit.
   */
  private payloads(lastSeqs: Map<string, number>): string[] {
    const payloads: string[] = [];
    let payload = '';
    for (const [runId, seq] of lastSeqs) {
      const item = `${runId}:${seq}`;
      if (payload.length + item.length + 1 > MAX_PAYLOAD) {
        payloads.push(payload);
        payload = '';
      }
      payload = payload ? `${payload} ${item}` : item;
    }
    if (payload) payloads.push(payload);
    return payloads;
  }

  /**
   * When the bus is the database's NOTIFY, the log's insert carries the announcements itself (one
   * statement, delivered at its commit); otherwise `announce` publishes them after the insert.
   */
  get announcedByLog(): boolean {
    return this.bus.inDatabase;
  }

  announcements(lastSeqs: Map<string, number>): { channel: string; payloads: string[] } {
    return { channel: EVENTS_CHANNEL, payloads: this.payloads(lastSeqs) };
  }

  announce(lastSeqs: Map<string, number>): void {
    for (const payload of this.payloads(lastSeqs)) this.bus.publish(EVENTS_CHANNEL, payload).catch(this.onError);
  }

  /** The log insert failed: the run ends as failed, nothing more to keep. */
  discardUnlogged(runId: string): void {
    this.unlogged.delete(runId);
  }

  /** Delivered here but not yet logged: a stream replaying the log sends these after it. */
  unloggedEvents(runId: string): RunEvent[] {
    return this.unlogged.get(runId) ?? [];
  }

  private dispatch(runId: string, event: RunEvent): void {
    if ((this.delivered.get(runId) ?? 0) >= event.seq) return;
    const set = this.listeners.get(runId);
    if (!set) return;
    this.delivered.set(runId, event.seq);
    for (const listener of set) listener(event);
  }

  /** Stops following other processes' runs (before the database closes at shutdown). */
  close(): void {
    this.closed = true;
  }

  private onNotification(payload: string): void {
    if (this.closed) return;
    for (const item of payload.split(' ')) {
      const [runId, seqText] = item.split(':');
      if (runId) this.follow(runId, Number(seqText));
    }
  }

  private follow(runId: string, seq: number): void {
    if (this.executedHere.has(runId) || !this.listeners.has(runId)) return;
    if ((this.delivered.get(runId) ?? 0) >= seq) return;
    // One read at a time per run; a notification arriving meanwhile is covered by the next read.
    const previous = this.fetching.get(runId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const events = await listEventsAfter(this.db, runId, this.delivered.get(runId) ?? 0);
        for (const event of events) this.dispatch(runId, event);
      })
      .catch((error: unknown) => {
        if (!this.closed) this.onError(error);
      })
      .finally(() => {
        if (this.fetching.get(runId) === next) this.fetching.delete(runId);
      });
    this.fetching.set(runId, next);
  }
}
