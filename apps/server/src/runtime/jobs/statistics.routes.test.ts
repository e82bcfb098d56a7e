// Planner statistics: a table that grows past autovacuum's analyze threshold is analyzed by one pass of
// the statistics job where no autovacuum does it (PGlite always; this machine's PostgreSQL runs with
// autovacuum off), so the planner keeps choosing indexes as history accumulates; on PGlite with a small
// statistics target (its sample lives in the server's own memory).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_STATISTICS_TARGET, plannerStatisticsNeedUs } from '../../platform/db/index.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { waitFor } from '../../../test/wait-for.js';
import { STATISTICS_JOB, type JobQueue } from './index.js';

let t: TestApp;
let jobs: JobQueue;

beforeAll(async () => {
  t = await startTestApp({}, (_app, services) => {
    jobs = services.jobs;
  });
});

afterAll(async () => t?.close());

async function changedSinceAnalyze(table: string): Promise<number> {
  const [row] = await t.rows<{ changed: string | number }>(sql`select n_mod_since_analyze as changed from pg_stat_user_tables where relname = ${table}`);
  return Number(row?.changed ?? -1);
}

describe('planner statistics', () => {
  it('is needed on PGlite always and on PostgreSQL only when autovacuum is off', async () => {
    const [setting] = await t.rows<{ autovacuum: string }>(sql`select current_setting('autovacuum') as autovacuum`);
    const expected = t.database.dialect === 'pglite' || setting?.autovacuum !== 'on';
    expect(await plannerStatisticsNeedUs(t.database)).toBe(expected);
  });

  it('analyzes a table that grew by more than 50 rows + 10%', async () => {
    await t.database.db.execute(sql`analyze tags`);
    await t.database.db.execute(sql`insert into tags (tag_type, name) select 'agent', '批量标签' || n from generate_series(1, 400) as n`);
    // Each connection reports its counts at most once a second, when idle.
    await waitFor(async () => (await changedSinceAnalyze('tags')) >= 400, { what: 'the insert counted in pg_stat_user_tables' });

    await jobs.enqueue(t.database.db, { kind: STATISTICS_JOB, payload: null, dedupeKey: STATISTICS_JOB, maxAttempts: 1 });
    await jobs.idle([STATISTICS_JOB]);
    const [failed] = await t.rows<{ error: string | null }>(sql`select error from jobs where kind = ${STATISTICS_JOB} and status <> 'done'`);
    expect(failed?.error ?? null).toBeNull();
    await waitFor(async () => (await changedSinceAnalyze('tags')) === 0, { what: 'the analyze counted' });
    const [planned] = await t.rows<{ reltuples: number }>(sql`select reltuples from pg_class where relname = 'tags'`);
    expect(Number(planned?.reltuples)).toBeGreaterThanOrEqual(400);
    // 400 distinct names: a histogram of as many buckets as the statistics target allows, so it tells the target.
    const [histogram] = await t.rows<{ bounds: number }>(sql`select array_length(histogram_bounds::text::text[], 1) as bounds from pg_stats where tablename = 'tags' and attname = 'name'`);
    const [setting] = await t.rows<{ target: string }>(sql`select current_setting('default_statistics_target') as target`);
    const target = t.database.dialect === 'pglite' ? PGLITE_STATISTICS_TARGET : Number(setting?.target);
    expect(Number(histogram?.bounds)).toBe(target + 1);
  });
});
