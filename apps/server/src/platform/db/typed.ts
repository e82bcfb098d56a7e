import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * The rows of a raw statement (`db.execute`), typed by the caller. Both drivers answer `{ rows }`;
 * Drizzle types the answer by driver, so the one cast between them lives here.
 */
export async function selectRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Runs `work` in a transaction; the transaction is a `Db` like any other, so repositories take it as such. */
export function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
