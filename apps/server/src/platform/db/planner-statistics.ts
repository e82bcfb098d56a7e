import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { selectRows } from './typed.js';

/**
 * The query planner chooses indexes from each table's statistics, which `ANALYZE` gathers. PostgreSQL's
 * autovacuum refreshes them as tables grow; PGlite has no autovacuum (it runs no background workers),
 * and a PostgreSQL server may run with it off. Without fresh statistics a table that was empty when last
 * analyzed is planned as empty however large it grows: sequential scans and nested loops, and every
 * turn slows as history accumulates. This does autovacuum's analyze step where nothing else does.
 */
export async function plannerStatisticsNeedUs(database: Database): Promise<boolean> {
  if (database.dialect === 'pglite') return true;
  const [row] = await selectRows<{ autovacuum: string }>(database.db, sql`select current_setting('autovacuum') as autovacuum`);
  return row?.autovacuum !== 'on';
}

/**
 * PGlite analyzes inside the server's own WebAssembly memory, which grows to the largest sample it ever
 * held and never shrinks: at PostgreSQL's default target (100) a sample is 30,000 rows, and a table of
 * JSON (the run event archive) grew that memory by 37 MB for good. Ten (3,000 rows, PostgreSQL's default
 * until 8.4) is plenty for this server's plans, which are index lookups on keys.
 */
export const PGLITE_STATISTICS_TARGET = 10;

/** Analyzes up to `limit` tables changed past autovacuum's default analyze threshold (50 rows + 10%); answers how many. */
export async function analyzeChangedTables(database: Database, limit: number): Promise<number> {
  const changed = await selectRows<{ table_name: string }>(
    database.db,
    sql`select relname as table_name from pg_stat_user_tables
        where schemaname = current_schema() and n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
        order by n_mod_since_analyze desc limit ${limit}`,
  );
  for (const { table_name } of changed) {
    const analyze = sql`analyze ${sql.identifier(table_name)}`;
    if (database.dialect !== 'pglite') await database.db.execute(analyze);
    else
      await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local default_statistics_target = ${PGLITE_STATISTICS_TARGET}`));
        await tx.execute(analyze);
      });
  }
  return changed.length;
}
