import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** Rows per statement: bounds one statement's size. */
const MAX_ROWS_PER_STATEMENT = 5_000;
/**
 * At most one statement this often. What arrives meanwhile waits for the next: nobody reads these rows
 * at once (an answer's events are streamed before they are logged), and every statement costs the
 * database about as much CPU as this server spends on it.
 */
const FLUSH_INTERVAL_MS = 25;

/** A kind of row written behind: each kind is one part of the shared statement. */
export interface WriteKind<T> {
  /** Data-modifying statements for many rows, each without a `with` of its own (they run as parts of a larger one). */
  statement(rows: T[]): SQL | SQL[];
  /** A `select` to run last, after the writes and in the same statement (a `NOTIFY`); one kind at most has one. */
  tail?(rows: T[]): SQL | undefined;
  /** The rows are stored. */
  written?(rows: T[]): void;
  /** The rows could not be stored (their `add` rejects too). */
  failed?(rows: T[]): void;
}

interface Queued {
  kind: WriteKind<unknown>;
  rows: unknown[];
  settle(error?: unknown): void;
}

/**
 * Rows of many kinds and many requests written together: a run's events and steps, model calls'
 * usage rows. Whatever arrives while a statement is in flight or waiting for its turn goes into the
 * next one, a single statement (one data-modifying CTE per kind). If it fails, each `add` is tried
 * alone, so a bad row fails only its own caller.
 */
export class WriteBehind {
  private queue: Queued[] = [];
  private flushing = false;
  private timer: NodeJS.Timeout | undefined;
  private lastFlushAt = 0;
  /** Someone waits for what is queued: the next statement starts without waiting for its interval. */
  private hurried = false;

  constructor(private readonly db: Db) {}

  /** Writes `rows` with the next statement; resolves once they are stored. */
  add<T>(kind: WriteKind<T>, rows: T[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ kind: kind as WriteKind<unknown>, rows, settle: (error) => (error ? reject(error) : resolve()) });
      this.schedule();
    });
  }

  /** What is queued is needed now (a run pauses or ends): the next statement starts at once. */
  hurry(): void {
    this.hurried = true;
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.schedule();
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
    try {
      await this.write(batch);
      for (const item of batch) item.settle();
    } catch (error) {
      if (batch.length === 1) this.fail(batch[0]!, error);
      else
        for (const item of batch)
          await this.write([item]).then(
            () => item.settle(),
            (itemError: unknown) => this.fail(item, itemError),
          );
    } finally {
      this.flushing = false;
      this.schedule();
    }
  }

  private fail(item: Queued, error: unknown): void {
    item.kind.failed?.(item.rows);
    item.settle(error);
  }

  /** One statement: every kind's write as a CTE (they run whether or not the result refers to them), then the tail. */
  private async write(items: Queued[]): Promise<void> {
    const byKind = new Map<WriteKind<unknown>, unknown[]>();
    for (const { kind, rows } of items) {
      const list = byKind.get(kind);
      if (list) list.push(...rows);
      else byKind.set(kind, [...rows]);
    }
    const writes = [...byKind].filter(([, rows]) => rows.length > 0).flatMap(([kind, rows]) => kind.statement(rows));
    const tails = [...byKind].flatMap(([kind, rows]) => kind.tail?.(rows) ?? []);
    if (tails.length > 1) throw new Error('at most one kind of row written behind may end the statement');
    const last = tails[0] ?? writes.pop();
    if (last) {
      const parts = sql.join(
        writes.map((write, i) => sql`${sql.raw(`write_${i}`)} as (${write})`),
        sql`, `,
      );
      await this.db.execute(writes.length ? sql`with ${parts} ${last}` : last);
    }
    for (const [kind, rows] of byKind) kind.written?.(rows);
  }

  private takeBatch(): Queued[] {
    let rows = 0;
    let count = 0;
    while (count < this.queue.length && (count === 0 || rows + this.queue[count]!.rows.length <= MAX_ROWS_PER_STATEMENT)) {
      rows += this.queue[count]!.rows.length;
      count += 1;
    }
    return this.queue.splice(0, count);
  }
}
