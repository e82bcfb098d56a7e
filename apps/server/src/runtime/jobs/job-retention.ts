import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/db/index.js';

/**
 * Deletes up to `batch` jobs that ended (done, failed, cancelled) more than `olderThanMs` ago, oldest
 * first; rows another process is deleting are skipped. Answers how many were deleted.
 */
export async function deleteFinishedJobs(db: Db, olderThanMs: number, batch: number): Promise<number> {
  const resultRows = await selectRows<unknown>(
    db,
    sql`
    delete from jobs where id = any(array(
      select id from jobs
      where status in ('done', 'failed', 'cancelled') and updated_at < now() - ${Math.round(olderThanMs)}::integer * interval '1 millisecond'
      order by updated_at
      limit ${batch}
      for update skip locked))
    returning id`,
  );
  return resultRows.length;
}
