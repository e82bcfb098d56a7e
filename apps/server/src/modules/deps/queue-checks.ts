import type { DepCheck } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { queueStats, type QueueKindStats } from '../../runtime/jobs/index.js';
import type { HeardProcess } from './process-reports.js';
import { timed } from './platform-checks.js';

/** A due job waiting longer than this means nobody is working on its kind, or too little. */
const STUCK_AFTER_SECONDS = 10 * 60;

const minutes = (seconds: number) => Math.round(seconds / 60);

/**
 * The job queue as a whole, then one entry per kind of job: which processes work on it, at what
 * capacity. A kind with due jobs and no process to take them is down.
 */
export async function checkQueue(db: Db, processes: HeardProcess[]): Promise<DepCheck[]> {
  let kinds: QueueKindStats[] = [];
  const queue = await timed({ key: 'queue', kind: 'queue', name: '任务队列' }, async () => {
    const stats = await queueStats(db);
    kinds = stats.kinds;
    const sum = (pick: (kind: QueueKindStats) => number) => stats.kinds.reduce((total, kind) => total + pick(kind), 0);
    const oldest = stats.kinds.flatMap((kind) => (kind.oldestWaitingSince ? [kind.oldestWaitingSince.getTime()] : [])).sort((a, b) => a - b)[0];
    const waitingSeconds = oldest === undefined ? null : Math.max(0, Math.round((Date.now() - oldest) / 1000));
    const details = { queued: sum((kind) => kind.queued), running: sum((kind) => kind.running), failed_24h: sum((kind) => kind.failed24h), oldest_waiting_seconds: waitingSeconds };
    if (waitingSeconds !== null && waitingSeconds > STUCK_AFTER_SECONDS)
      return { status: 'degraded', error: `最早的任务已排队 ${minutes(waitingSeconds)} 分钟，处理进程可能不够或已停止`, details };
    const last = stats.lastFailure;
    if (last) return { status: 'degraded', error: `24 小时内有 ${details.failed_24h} 个任务失败，最近一次（${last.kind}）：${last.error ?? '未记录原因'}`, details };
    return { status: 'up', error: null, details };
  });
  return [queue, ...workerChecks(kinds, processes, queue.checked_at)];
}

function workerChecks(kinds: QueueKindStats[], processes: HeardProcess[], checkedAt: string): DepCheck[] {
  const answering = processes.filter((heard) => heard.answered);
  const names = new Set([...answering.flatMap((heard) => heard.report.workers.map((worker) => worker.kind)), ...kinds.map((kind) => kind.kind)]);
  return [...names].sort().map((name) => {
    const workers = answering.flatMap((heard) => heard.report.workers.filter((worker) => worker.kind === name));
    const waiting = kinds.find((kind) => kind.kind === name);
    const details = {
      processes: workers.length,
      capacity: workers.reduce((total, worker) => total + worker.concurrency, 0),
      running: workers.reduce((total, worker) => total + worker.running, 0),
      queued: waiting?.queued ?? 0,
    };
    const orphaned = workers.length === 0 && details.queued > 0;
    return {
      key: `worker:${name}`,
      kind: 'worker',
      name,
      status: orphaned ? 'down' : workers.length === 0 ? 'off' : 'up',
      latency_ms: null,
      error: orphaned ? `有 ${details.queued} 个「${name}」任务在排队，但没有进程处理这类任务` : workers.length === 0 ? '没有进程处理这类任务' : null,
      checked_at: checkedAt,
      details,
    };
  });
}
