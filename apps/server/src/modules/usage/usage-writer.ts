import type { Db } from '../../platform/db/index.js';
import { insertUsage, insertUsageRows, type NewUsageRecord } from './usage.repo.js';

/** Rows per insert: bounds one statement's size. */
const MAX_ROWS = 500;

interface Pending {
  record: NewUsageRecord;
  settle: (error?: unknown) => void;
}

/**
 * Usage rows of calls ending together go in one insert (fifty answers finishing at once: one
 * statement, not fifty, and each answer's last event waits for its row). A call's promise resolves
 * once its row is written, as with a single insert. A batch that fails is retried row by row, so one
 * bad row cannot lose the others.
 */
export function createUsageWriter(db: Db): (record: NewUsageRecord) => Promise<void> {
  let queue: Pending[] = [];
  let flushing = false;

  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_ROWS);
      queue = queue.slice(MAX_ROWS);
      try {
        await insertUsageRows(db, batch.map((item) => item.record));
        for (const item of batch) item.settle();
      } catch (error) {
        if (batch.length === 1) batch[0]!.settle(error);
        else for (const item of batch) await insertUsage(db, item.record).then(() => item.settle(), item.settle);
      }
    }
    flushing = false;
  }

  return (record) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ record, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (flushing) return;
      flushing = true;
      // After this turn of the event loop: calls ending in the same turn share the first insert.
      setImmediate(() => void flush());
    });
}
