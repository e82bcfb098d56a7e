// Fills a database with a year of history for 1,000 users (1 M messages in 100 k conversations,
// 100 k runs with their events and steps, 1 M usage rows, 50 k files with a folder of 10 k, 100 k
// jobs), in the database itself: no API, no round trip per row.
//
//   npm run seed:history -w bench -- --pg postgres://postgres@127.0.0.1:5432/mydb
//   npm run seed:history -w bench -- --pglite ./data/pglite
//
// The database is migrated first. SEED_SCALE=0.1 writes a tenth of everything.
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../apps/server/src/platform/db/index.js';
import { hashPassword } from '../apps/server/src/platform/security/index.js';
import { historySteps, scaled, SEED_PASSWORD, YEAR_FOR_1000_USERS, type HistorySize } from './lib/history-sql.js';

export interface SeedReport {
  seconds: number;
  rows: Record<string, number>;
}

/** Writes the history into an open database; the tables must be empty of seeded rows. */
export async function seedHistory(database: Database, size: HistorySize, log: (line: string) => void = console.log): Promise<SeedReport> {
  const started = performance.now();
  const rows: Record<string, number> = {};
  const passwordHash = await hashPassword(SEED_PASSWORD);
  for (const step of historySteps(size, passwordHash)) {
    const stepStarted = performance.now();
    for (let from = 1; from <= step.total; from += step.chunk) {
      await database.db.execute(sql.raw(step.statement(from, Math.min(step.total, from + step.chunk - 1))));
    }
    rows[step.label] = step.rows;
    log(`${step.label}: ${step.rows.toLocaleString('en')} rows in ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`);
  }
  const analyzeStarted = performance.now();
  // Fresh statistics and visibility maps, as a database that lived a year would have (index-only scans need them).
  await database.db.execute(sql.raw('vacuum analyze'));
  log(`vacuum analyze: ${((performance.now() - analyzeStarted) / 1000).toFixed(1)} s`);
  return { seconds: (performance.now() - started) / 1000, rows };
}

export function openTarget(args: string[]): Promise<Database> {
  const [flag, target] = args;
  if (flag === '--pg' && target) return openPostgres(target, 2, (error) => console.error(error));
  if (flag === '--pglite' && target) return openPglite({ dataDir: target });
  throw new Error('用法：seed-history.ts --pg <postgres://…> | --pglite <数据目录>');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = scaled(YEAR_FOR_1000_USERS, Number(process.env.SEED_SCALE ?? 1));
  const database = await openTarget(process.argv.slice(2));
  try {
    const report = await seedHistory(database, size);
    console.log(`seeded in ${report.seconds.toFixed(1)} s (${database.dialect}); users seed0001…: password ${SEED_PASSWORD}`);
  } finally {
    await database.close();
  }
}
