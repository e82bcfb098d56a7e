import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../core/index.js';
import type { Bus } from '../../platform/bus/index.js';

const ASK_CHANNEL = 'aip_deps_ask';
const REPORT_CHANNEL = 'aip_deps_report';
/** How long an ask waits for the processes it knows of; new ones have at least `MIN_WAIT_MS` to answer. */
const MAX_WAIT_MS = 1_000;
const MIN_WAIT_MS = 200;
/** A process silent this long is forgotten (it was stopped, or moved). */
const FORGET_AFTER_MS = 10 * 60_000;

export interface JobWorkers {
  kind: string;
  concurrency: number;
  running: number;
}

/** What one server process says about itself. */
export interface ProcessReport {
  process_id: string;
  version: string;
  started_at: string;
  uptime_seconds: number;
  rss_bytes: number;
  heap_used_bytes: number;
  node_version: string;
  workers: JobWorkers[];
}

export interface HeardProcess {
  report: ProcessReport;
  /** Whether it answered this ask; a process that did not is shown with when it last did. */
  answered: boolean;
  heardAt: Date;
}

const startedAt = new Date();

/**
 * Every server process, as it reports itself over the bus: an ask goes to all processes, each answers
 * with its version, uptime, memory and job workers. With PGlite (one process) only this one answers.
 */
export function createProcessReports({ bus, log, version, workers }: { bus: Bus; log: Logger; version: string; workers: () => JobWorkers[] }) {
  const processId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const heard = new Map<string, { report: ProcessReport; at: number }>();

  const ownReport = (): ProcessReport => {
    const memory = process.memoryUsage();
    return {
      process_id: processId,
      version,
      started_at: startedAt.toISOString(),
      uptime_seconds: Math.round(process.uptime()),
      rss_bytes: memory.rss,
      heap_used_bytes: memory.heapUsed,
      node_version: process.version,
      workers: workers(),
    };
  };

  const unsubscribers = [
    bus.subscribe(ASK_CHANNEL, () => {
      void bus.publish(REPORT_CHANNEL, JSON.stringify(ownReport())).catch((error: unknown) => log.warn({ err: error }, 'could not send the process report'));
    }),
    bus.subscribe(REPORT_CHANNEL, (payload) => {
      try {
        const report = JSON.parse(payload) as ProcessReport;
        if (report.process_id !== processId) heard.set(report.process_id, { report, at: Date.now() });
      } catch (error) {
        log.warn({ err: error }, 'unreadable process report');
      }
    }),
  ];

  return {
    /** This process, then every other one heard of in the last minutes, each saying whether it answered now. */
    async collect(): Promise<HeardProcess[]> {
      const asked = Date.now();
      for (const [id, entry] of heard) if (asked - entry.at > FORGET_AFTER_MS) heard.delete(id);
      const known = [...heard.keys()];
      await bus.publish(ASK_CHANNEL, String(asked)).catch((error: unknown) => log.warn({ err: error }, 'could not ask the other processes'));
      if (bus.inDatabase) {
        const answeredAll = () => known.every((id) => (heard.get(id)?.at ?? 0) >= asked);
        await sleep(MIN_WAIT_MS);
        while (!answeredAll() && Date.now() - asked < MAX_WAIT_MS) await sleep(50);
      }
      const others = [...heard.values()].map(({ report, at }) => ({ report, answered: at >= asked, heardAt: new Date(at) }));
      return [{ report: ownReport(), answered: true, heardAt: new Date() }, ...others.sort((a, b) => a.report.process_id.localeCompare(b.report.process_id))];
    },
    close: () => unsubscribers.forEach((unsubscribe) => unsubscribe()),
  };
}

export type ProcessReports = ReturnType<typeof createProcessReports>;
