import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Logger } from '../../core/index.js';
import type { Bus } from '../../platform/bus/index.js';
import { BatchQueue, type Db, type WriteBehind } from '../../platform/db/index.js';
import { EventHub } from './event-hub.js';
import { EventLogWriter } from './event-log-writer.js';
import { LocalRuns } from './local-runs.js';
import { endRuns, type RunEnding } from './run.repo.js';

/**
 * How long a run's lease lasts: its executing process renews it every third of that, and a run whose
 * lease ran out belongs to a process that died (the sweeper fails it).
 */
export const LEASE_MS = 15_000;

export interface RunServiceOptions {
  db: Db;
  /** Runs' rows, events and steps go out with the process's shared write-behind statement. */
  writes: WriteBehind;
  bus: Bus;
  log: Logger;
}

/** What every part of the run service shares in one process. */
export interface RunCore extends RunServiceOptions {
  /** Names this process in the leases it holds. */
  processId: string;
  hub: EventHub;
  writer: EventLogWriter;
  /** Runs ending together are moved out of `running` in one statement; answers whether each moved. */
  endings: BatchQueue<RunEnding, boolean>;
  local: LocalRuns;
}

export function createRunCore(options: RunServiceOptions): RunCore {
  const { db, writes, bus, log } = options;
  const hub = new EventHub(db, bus, (error) => log.error({ err: error }, 'run event delivery failed'));
  return {
    ...options,
    processId: `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    hub,
    writer: new EventLogWriter(writes, hub),
    endings: new BatchQueue<RunEnding, boolean>(async (items) => {
      const moved = await endRuns(db, items);
      return items.map((ending) => moved.has(ending.runId));
    }),
    local: new LocalRuns(),
  };
}

/** A lease held by this process from now on. */
export const leaseFrom = (core: RunCore, now = Date.now()) => ({ owner: core.processId, until: new Date(now + LEASE_MS) });
