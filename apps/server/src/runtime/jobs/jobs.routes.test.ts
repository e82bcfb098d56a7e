import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { JobFailure } from './index.js';
import { aborted, deferred, queueFactory, userId } from '../../../test/fixtures/jobs.js';

describe('job queue: enqueue, run, retry, fail, cancel, progress', () => {
  let t: TestApp;
  let owner: string;
  const queues = queueFactory(() => t);
  const openJobs = async (kind: string) => (await t.rows<{ n: number }>(sql`select count(*)::int as n from jobs where kind = ${kind}`))[0]?.n;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await userId(t, 'jobowner');
  });
  afterEach(() => queues.closeAll());
  afterAll(() => t.close());

  it('commits a job only with the transaction that enqueued it, and wakes a worker at commit', async () => {
    const queue = queues.create({ pollMs: 60_000 });
    const ran: string[] = [];
    queue.register<{ n: number }>('test.tx', async (job) => void ran.push(`${job.id}:${job.payload.n}:${job.ownerId}`), { concurrency: 1 });
    queue.start();

    const rolledBack = t.database.db.transaction(async (tx) => {
      await queue.enqueue(tx, { kind: 'test.tx', payload: { n: 1 }, ownerId: owner });
      throw new Error('rollback');
    });
    await expect(rolledBack).rejects.toThrow('rollback');
    expect(await openJobs('test.tx')).toBe(0);

    const id = await t.database.db.transaction(async (tx) => {
      const enqueued = await queue.enqueue(tx, { kind: 'test.tx', payload: { n: 2 }, ownerId: owner });
      await sleep(300); // a worker that looked now would find nothing
      return enqueued;
    });
    // Polling is a minute away: only the notification at commit can have started it.
    await expect.poll(() => ran, { timeout: 5_000 }).toEqual([`${id}:2:${owner}`]);
    await queue.idle(['test.tx']);
    expect(await queue.getJob(id)).toMatchObject({ id, kind: 'test.tx', status: 'done', attempts: 1, maxAttempts: 3, progress: 1, error: null, ownerId: owner, payload: { n: 2 } });
  });

  it('reuses an open job with the same kind and dedupe key, and only while it is open', async () => {
    const queue = queues.create();
    const { db } = t.database;
    const first = await queue.enqueue(db, { kind: 'test.dedupe', payload: 1, dedupeKey: 'doc-1' });
    expect(await queue.enqueue(db, { kind: 'test.dedupe', payload: 2, dedupeKey: 'doc-1' })).toBe(first);
    expect(await queue.enqueue(db, { kind: 'test.dedupe.other', payload: 1, dedupeKey: 'doc-1' })).not.toBe(first);
    const plain = [await queue.enqueue(db, { kind: 'test.dedupe', payload: 3 }), await queue.enqueue(db, { kind: 'test.dedupe', payload: 3 })];
    expect(new Set([first, ...plain]).size).toBe(3);

    const payloads: unknown[] = [];
    queue.register('test.dedupe', async (job) => void payloads.push(job.payload), { concurrency: 1 });
    queue.start();
    await queue.idle(['test.dedupe']);
    expect(payloads.sort()).toEqual([1, 3, 3]);
    const again = await queue.enqueue(db, { kind: 'test.dedupe', payload: 4, dedupeKey: 'doc-1' });
    expect(again).not.toBe(first);
    await queue.idle(['test.dedupe']);
    expect(payloads).toContain(4);
  });

  it('runs no more jobs of a kind at once than its concurrency', async () => {
    const queue = queues.create();
    const gate = deferred();
    let inFlight = 0;
    let most = 0;
    queue.register(
      'test.concurrency',
      async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await gate.promise;
        inFlight -= 1;
      },
      { concurrency: 2 },
    );
    // Registered second, so every claim round that takes a probe has first looked at test.concurrency.
    const probes: number[] = [];
    queue.register<number>('test.concurrency.probe', async (job) => void probes.push(job.payload), { concurrency: 1 });
    for (let i = 0; i < 6; i += 1) await queue.enqueue(t.database.db, { kind: 'test.concurrency', payload: i, ownerId: owner });
    queue.start();
    await expect.poll(() => inFlight).toBe(2);
    for (const probe of [1, 2, 3]) {
      await queue.enqueue(t.database.db, { kind: 'test.concurrency.probe', payload: probe });
      await expect.poll(() => probes).toContain(probe);
    }
    expect(inFlight).toBe(2);
    expect((await t.rows(sql`select id from jobs where kind = 'test.concurrency' and status = 'running'`)).length).toBe(2);
    gate.resolve();
    await queue.idle(['test.concurrency']);
    expect(most).toBe(2);
    expect((await t.rows(sql`select id from jobs where kind = 'test.concurrency' and status = 'done'`)).length).toBe(6);
  });

  it('retries a failed try after a backoff and succeeds', async () => {
    const queue = queues.create();
    const tries: number[] = [];
    queue.register(
      'test.retry',
      async (_job, ctx) => {
        tries.push(ctx.attempt);
        if (ctx.attempt < 3) throw new Error(`第 ${ctx.attempt} 次失败`);
      },
      { concurrency: 1 },
    );
    queue.start();
    const id = await queue.enqueue(t.database.db, { kind: 'test.retry', payload: null });
    await queue.idle(['test.retry']);
    expect(tries).toEqual([1, 2, 3]);
    expect(await queue.getJob(id)).toMatchObject({ status: 'done', attempts: 3, error: null });
  });

  it('fails for good after max attempts with the handler reason, calling onFailed once', async () => {
    const queue = queues.create();
    const failed: string[] = [];
    const onFailed = async (job: { id: string }, reason: string) => void failed.push(`${job.id}:${reason}`);
    queue.register('test.fail', async () => Promise.reject(new Error('文件已损坏，无法解析')), { concurrency: 1, onFailed });
    queue.register('test.internal', async () => Promise.reject(new TypeError('Cannot read properties of undefined')), { concurrency: 1, onFailed });
    queue.start();
    const id = await queue.enqueue(t.database.db, { kind: 'test.fail', payload: null, maxAttempts: 2 });
    const internal = await queue.enqueue(t.database.db, { kind: 'test.internal', payload: null, maxAttempts: 1 });
    await queue.idle(['test.fail', 'test.internal']);
    expect(await queue.getJob(id)).toMatchObject({ status: 'failed', attempts: 2, error: '文件已损坏，无法解析' });
    // Internal details stay in the log; users see a Chinese reason.
    expect(await queue.getJob(internal)).toMatchObject({ status: 'failed', attempts: 1, error: '任务执行失败，请稍后重试' });
    expect(failed.sort()).toEqual([`${id}:文件已损坏，无法解析`, `${internal}:任务执行失败，请稍后重试`].sort());
  });

  it('does not retry a permanent failure', async () => {
    const queue = queues.create();
    let calls = 0;
    queue.register<string>(
      'test.permanent',
      async (job) => {
        calls += 1;
        throw job.payload === 'class' ? new JobFailure('不支持的文件格式', { permanent: true }) : Object.assign(new Error('文件超过大小限制'), { permanent: true });
      },
      { concurrency: 1 },
    );
    queue.start();
    const byClass = await queue.enqueue(t.database.db, { kind: 'test.permanent', payload: 'class', maxAttempts: 5 });
    const byFlag = await queue.enqueue(t.database.db, { kind: 'test.permanent', payload: 'flag', maxAttempts: 5 });
    await queue.idle(['test.permanent']);
    expect(calls).toBe(2);
    expect(await queue.getJob(byClass)).toMatchObject({ status: 'failed', attempts: 1, error: '不支持的文件格式' });
    expect(await queue.getJob(byFlag)).toMatchObject({ status: 'failed', attempts: 1, error: '文件超过大小限制' });
  });

  it('aborts a try that runs past its timeout and counts it as a failure', async () => {
    const queue = queues.create();
    let abortedTries = 0;
    queue.register(
      'test.timeout',
      async (_job, ctx) => {
        await aborted(ctx.signal);
        abortedTries += 1;
        throw new Error('stopped');
      },
      { concurrency: 1, timeoutMs: 100 },
    );
    queue.start();
    const id = await queue.enqueue(t.database.db, { kind: 'test.timeout', payload: null, maxAttempts: 2 });
    await queue.idle(['test.timeout']);
    expect(abortedTries).toBe(2);
    expect(await queue.getJob(id)).toMatchObject({ status: 'failed', attempts: 2, error: '任务超时（超过 1 秒），已停止' });
  });

  it('cancels a queued job, and a running one by aborting its signal', async () => {
    const queue = queues.create();
    const started = deferred();
    let sawAbort = false;
    queue.register(
      'test.cancel',
      async (_job, ctx) => {
        started.resolve();
        await aborted(ctx.signal);
        sawAbort = true; // and then claims success: the cancel must still stand
      },
      { concurrency: 1 },
    );
    queue.start();
    const waiting = await queue.enqueue(t.database.db, { kind: 'test.cancel.unhandled', payload: null });
    expect(await queue.cancel(waiting)).toBe(true);
    expect(await queue.getJob(waiting)).toMatchObject({ status: 'cancelled' });
    expect(await queue.cancel(waiting)).toBe(false);
    expect(await queue.cancel(randomUUID())).toBe(false);
    expect(await queue.cancel('not-an-id')).toBe(false);
    expect(await queue.getJob('not-an-id')).toBeUndefined();

    const running = await queue.enqueue(t.database.db, { kind: 'test.cancel', payload: null });
    await started.promise;
    expect(await queue.cancel(running)).toBe(true);
    await queue.idle(['test.cancel']);
    expect(sawAbort).toBe(true);
    expect(await queue.getJob(running)).toMatchObject({ status: 'cancelled', attempts: 1 });
  });

  it('writes progress at most every 500 ms and always the final value', async () => {
    await t.rows(sql`create table test_progress_writes (job_id uuid, at timestamptz not null default clock_timestamp())`);
    await t.rows(
      sql.raw(`create function test_log_progress() returns trigger language plpgsql as $$ begin
        if old.status = 'running' and new.status = 'running' and (new.progress is distinct from old.progress or new.progress_text is distinct from old.progress_text)
        then insert into test_progress_writes (job_id) values (new.id); end if;
        return new; end $$`),
    );
    await t.rows(sql`create trigger test_progress_writes after update on jobs for each row execute function test_log_progress()`);

    const queue = queues.create();
    let midway: { progress: number; progressText: string | null } | undefined;
    queue.register(
      'test.progress',
      async (job, ctx) => {
        for (let i = 1; i <= 120; i += 1) {
          ctx.progress(i / 120, `第 ${i} 段`);
          if (i === 90) midway = await queue.getJob(job.id);
          await sleep(10);
        }
      },
      { concurrency: 1 },
    );
    queue.start();
    const began = Date.now();
    const id = await queue.enqueue(t.database.db, { kind: 'test.progress', payload: null });
    await queue.idle(['test.progress']);
    const elapsed = Date.now() - began;

    expect(midway?.progress).toBeGreaterThan(0);
    expect(midway?.progress).toBeLessThan(1);
    expect(midway?.progressText).toMatch(/^第 \d+ 段$/);
    // 120 reports, unthrottled, would be 120 writes.
    const writes = await t.rows(sql`select at from test_progress_writes where job_id = ${id}`);
    expect(writes.length).toBeGreaterThanOrEqual(2);
    expect(writes.length).toBeLessThanOrEqual(Math.ceil(elapsed / 500) + 1);
    expect(await queue.getJob(id)).toMatchObject({ status: 'done', progress: 1, progressText: '第 120 段' });
  });

  it('idle() waits for running jobs; close() hands an interrupted job back without spending a try', async () => {
    const queue = queues.create();
    await queue.idle(['test.idle']); // nothing there: resolves at once
    const gate = deferred();
    queue.register('test.idle', async () => gate.promise, { concurrency: 1 });
    queue.register('test.shutdown', async (_job, ctx) => aborted(ctx.signal).then(() => Promise.reject(new Error('shutdown'))), { concurrency: 1 });
    queue.start();
    const gated = await queue.enqueue(t.database.db, { kind: 'test.idle', payload: null });
    const interrupted = await queue.enqueue(t.database.db, { kind: 'test.shutdown', payload: null });
    let idle = false;
    const waiting = queue.idle(['test.idle']).then(() => (idle = true));
    // Both running: idle() has looked (its query went first) and must still be waiting.
    await expect.poll(async () => [(await queue.getJob(gated))?.status, (await queue.getJob(interrupted))?.status]).toEqual(['running', 'running']);
    expect(idle).toBe(false);
    gate.resolve();
    await waiting;
    expect(await queue.getJob(gated)).toMatchObject({ status: 'done' });

    await queue.close();
    expect(await queue.getJob(interrupted)).toMatchObject({ status: 'queued', attempts: 0 });
  });
});
