import { DEP_KINDS, type DepCheck, type DepsReport } from '@agent-platform/contracts';
import type { ProbeTargets } from '../../core/index.js';
import type { Database } from '../../platform/db/index.js';
import type { BlobStore } from '../../platform/storage/index.js';
import { checkDatabase, checkOcr, checkStorage } from './platform-checks.js';
import { createProbeCache } from './probe-cache.js';
import type { HeardProcess, ProcessReports } from './process-reports.js';
import { checkQueue } from './queue-checks.js';

export interface DepsServiceDeps {
  database: Database;
  store: BlobStore;
  processes: ProcessReports;
  /** Outside things asked over the network (models, MCP services, datasources): each at most once per `probeTtlMs`. */
  probes: ProbeTargets[];
  probeTtlMs?: number;
}

const PROBE_TTL_MS = 60_000;
const PROBE_CONCURRENCY = 8;

const order = (check: DepCheck) => DEP_KINDS.indexOf(check.kind);

function processCheck({ report, answered, heardAt }: HeardProcess, index: number): DepCheck {
  const silentSeconds = Math.round((Date.now() - heardAt.getTime()) / 1000);
  return {
    key: `process:${report.process_id}`,
    kind: 'process',
    name: index === 0 ? `${report.process_id}（当前进程）` : report.process_id,
    status: answered ? 'up' : 'down',
    latency_ms: null,
    error: answered ? null : `没有回应（最近一次报告在 ${silentSeconds} 秒前），进程可能已停止`,
    checked_at: heardAt.toISOString(),
    details: {
      process_id: report.process_id,
      version: report.version,
      node_version: report.node_version,
      started_at: report.started_at,
      uptime_seconds: report.uptime_seconds,
      rss_bytes: report.rss_bytes,
      heap_used_bytes: report.heap_used_bytes,
    },
  };
}

/** The health of everything the platform depends on, for administrators (`/system/deps/query_all`). */
export function createDepsService({ database, store, processes, probes, probeTtlMs = PROBE_TTL_MS }: DepsServiceDeps) {
  const cache = createProbeCache({ ttlMs: probeTtlMs, concurrency: PROBE_CONCURRENCY });

  async function probed(): Promise<DepCheck[]> {
    const targets = (await Promise.all(probes.map((list) => list()))).flat();
    return cache.checkAll(targets);
  }

  return {
    async queryAll(): Promise<DepsReport> {
      const checkedAt = new Date().toISOString();
      const [db, storage, outside, heard] = await Promise.all([checkDatabase(database), checkStorage(store), probed(), processes.collect()]);
      const queue = await checkQueue(database.db, heard);
      const items = [db, storage, ...outside, ...queue, checkOcr(), ...heard.map(processCheck)];
      // Grouped in the page's order of kinds; within a kind, the sources' own order (by name): the sort is stable.
      return { checked_at: checkedAt, items: items.sort((a, b) => order(a) - order(b)) };
    },
  };
}

export type DepsService = ReturnType<typeof createDepsService>;
