// What the guard and the read-only execution add to one SELECT, against the same SELECT sent straight
// through the same driver on a pooled connection: the sample shop (10,000 orders) on MariaDB and
// PostgreSQL, alternating one direct and one guarded run, BENCH_SQL_RUNS (default 400) pairs each.
import fs from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { guardSql, openSqlClient } from '../apps/server/src/platform/sql/index.js';
import { createSampleShop, SAMPLE_TABLES, type SampleShop } from '../apps/server/test/fixtures/sample-shop.js';
import { ROOT } from './lib/servers.js';

const RUNS = Number(process.env.BENCH_SQL_RUNS ?? 400);
const GOAL_MS = 2;
const SQL =
  'select s.name as store, count(*) as orders, sum(o.order_amount) as revenue from orders o join stores s on s.id = o.store_id where o.status = 1 group by s.name order by revenue desc';
const limits = { statementTimeoutMs: 15_000, maxRows: 500, maxCellChars: 2000, maxResultChars: 1_000_000 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)]!;

async function directRunner(shop: SampleShop): Promise<{ run(): Promise<unknown>; close(): Promise<void> }> {
  if (shop.dialect === 'mysql') {
    const pool = mysql.createPool({ host: shop.host, port: shop.port, user: shop.user, password: shop.password, database: shop.database, connectionLimit: 1 });
    return { run: () => pool.query({ sql: SQL, rowsAsArray: true }), close: () => pool.end() };
  }
  const pool = new pg.Pool({ host: shop.host, port: shop.port, user: shop.user, password: shop.password, database: shop.database, max: 1 });
  return { run: () => pool.query({ text: SQL, rowMode: 'array' }), close: () => pool.end() };
}

async function measure(dialect: 'mysql' | 'postgresql') {
  const shop = await createSampleShop(dialect);
  const client = openSqlClient(
    {
      dialect,
      host: shop.host,
      serverName: shop.host,
      port: shop.port,
      database: shop.database,
      schema: shop.schema,
      user: shop.user,
      password: shop.password,
      sslMode: 'disable',
      sslCa: '',
      connectTimeoutMs: 5000,
    },
    limits.statementTimeoutMs,
  );
  const direct = await directRunner(shop);
  const scope = { tables: new Map<string, ReadonlySet<string> | null>(SAMPLE_TABLES.map((table) => [table, null])), schema: dialect === 'mysql' ? shop.database : 'public' };
  const guarded = async () => {
    const checked = guardSql(dialect, SQL, scope, limits.maxRows);
    if (!checked.ok) throw new Error(checked.reason);
    return client.runReadOnly(checked.sql, limits);
  };
  try {
    for (let warm = 0; warm < 30; warm++) await Promise.all([direct.run(), guarded()]);
    const times = { direct: [] as number[], guarded: [] as number[], guardOnly: [] as number[] };
    for (let round = 0; round < RUNS; round++) {
      const order: Array<'direct' | 'guarded'> = round % 2 === 0 ? ['direct', 'guarded'] : ['guarded', 'direct'];
      for (const which of order) {
        const started = performance.now();
        await (which === 'direct' ? direct.run() : guarded());
        times[which].push(performance.now() - started);
      }
      const parsed = performance.now();
      guardSql(dialect, SQL, scope, limits.maxRows);
      times.guardOnly.push(performance.now() - parsed);
    }
    const added = median(times.guarded) - median(times.direct);
    return {
      dialect,
      direct_p50_ms: +median(times.direct).toFixed(3),
      guarded_p50_ms: +median(times.guarded).toFixed(3),
      added_p50_ms: +added.toFixed(3),
      added_p99_ms: +(p99(times.guarded) - p99(times.direct)).toFixed(3),
      guard_alone_p50_ms: +median(times.guardOnly).toFixed(3),
      met: added <= GOAL_MS,
    };
  } finally {
    await direct.close();
    await client.close();
    await shop.drop();
  }
}

const results = [];
for (const dialect of ['mysql', 'postgresql'] as const) results.push(await measure(dialect));
console.table(results);
for (const result of results)
  console.log(`${result.dialect}: guard + read-only execution add ${result.added_p50_ms} ms at the median (goal ≤ ${GOAL_MS}) — ${result.met ? 'met' : 'MISSED'}`);
fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'bench/results/sql-guard.json'), JSON.stringify({ at: new Date().toISOString(), runs: RUNS, results }, null, 2));
