import type { Config } from './config.js';
import type { Logger } from './core/index.js';
import { deleteAuditEntriesOlderThan } from './modules/audit/index.js';
import { rollUpUsage } from './modules/usage/index.js';
import { analyzeChangedTables, plannerStatisticsNeedUs, type Database } from './platform/db/index.js';
import { deleteFinishedJobs, RETENTION_JOB, scheduleMaintenance, STATISTICS_JOB, type JobQueue } from './runtime/jobs/index.js';
import { archiveEndedRunEvents } from './runtime/runs/index.js';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

interface UpkeepDeps {
  config: Config;
  database: Database;
  jobs: JobQueue;
  log: Logger;
  /** How many days the audit log keeps (a system property, read at every pass). */
  auditRetentionDays: () => Promise<number>;
}

/** The periodic upkeep every process schedules (at most one pass of each kind runs at a time); answers a function that stops it. */
export async function scheduleUpkeep({ config, database, jobs, log, auditRetentionDays }: UpkeepDeps): Promise<() => void> {
  const { db } = database;
  const stopRetention = scheduleMaintenance({
    kind: RETENTION_JOB,
    db,
    jobs,
    log,
    intervalMs: config.RETENTION_INTERVAL_MINUTES * MINUTE_MS,
    tasks: [
      { name: 'run events archived', batch: 500, apply: (tx) => archiveEndedRunEvents(tx, config.RUN_EVENTS_ARCHIVE_AFTER_MINUTES * MINUTE_MS, 500) },
      { name: 'finished jobs deleted', batch: 1000, apply: (tx) => deleteFinishedJobs(tx, config.JOBS_KEEP_FINISHED_DAYS * DAY_MS, 1000) },
      { name: 'usage rows rolled up', batch: 5000, apply: (tx) => rollUpUsage(tx, config.USAGE_ROLLUP_AFTER_DAYS, 5000) },
      { name: 'audit entries pruned', batch: 1000, apply: async (tx) => deleteAuditEntriesOlderThan(tx, await auditRetentionDays(), 1000) },
    ],
  });
  const analyze = await plannerStatisticsNeedUs(database);
  const stopStatistics = scheduleMaintenance({
    kind: STATISTICS_JOB,
    db,
    jobs,
    log,
    intervalMs: analyze ? config.STATISTICS_INTERVAL_SECONDS * SECOND_MS : 0,
    tasks: [{ name: 'tables analyzed', batch: 5, apply: () => analyzeChangedTables(database, 5) }],
  });
  return () => {
    stopRetention();
    stopStatistics();
  };
}
