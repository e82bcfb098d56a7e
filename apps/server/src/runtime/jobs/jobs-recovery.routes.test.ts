import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/index.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { JobFailure } from './index.js';
import { deferred, queueFactory, secondProcessDatabase, userId } from '../../../test/fixtures/jobs.js';

describe('job queue across processes: leases, sweeping, exclusive claims, fairness', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let second: Database;
  const queues = queueFactory(() => t);
  const otherProcess = () => ({ db: second.db, bus: second.bus });

  beforeAll(async () => {
    t = await startTestApp();
    alice = await userId(t, 'alice');
    bob = await userId(t, 'bob');
    second = await secondProcessDatabase(t);
  });
  afterEach(() => queues.closeAll());
  afterAll(async () => {
    if (second !== t.database) await second.close();
    await t.close();
  });

  it('a job whose process stopped heartbeating is taken over by another process once the lease expires', async () => {
    const processA = queues.create({ processId: 'proc-a', leaseMs: 400, closeWaitMs: 50 });
    const claimedByA = deferred();
    const wakeA = deferred();
    // Ignores its signal, like a process that froze or died mid-job.
    processA.register(
      'test.lease',
      async () => {
        claimedByA.resolve();
        await wakeA.promise;
        throw new JobFailure('迟到的结果', { permanent: true });
      },
      { concurrency: 1 },
    );
    processA.start();
    const id = await processA.enqueue(t.database.db, { kind: 'test.lease', payload: { doc: 1 }, ownerId: alice });
    await claimedByA.promise;
    await processA.close(); // heartbeats stop; the handler is still stuck
    const [held] = await t.rows<{ lease_owner: string; lease_until: Date; attempts: number }>(sql`select lease_owner, lease_until, attempts from jobs where id = ${id}`);
    expect(held).toMatchObject({ lease_owner: 'proc-a', attempts: 1 });

    const processB = queues.create({ processId: 'proc-b', leaseMs: 400, ...otherProcess() });
    const startedByB: number[] = [];
    processB.register('test.lease', async (_job, ctx) => void startedByB.push(ctx.attempt, Date.now()), { concurrency: 1 });
    processB.start();
    await expect.poll(async () => (await processB.getJob(id))?.status, { timeout: 5_000 }).toBe('done');
    expect(startedByB[0]).toBe(2);
    expect(startedByB[1]).toBeGreaterThanOrEqual(new Date(held!.lease_until).getTime() - 50);

    // The first process comes back to life: what it writes must not land.
    wakeA.resolve();
    await processA.idle(['test.lease']); // until its try has ended and tried to record its result
    expect(await processB.getJob(id)).toMatchObject({ status: 'done', attempts: 2, error: null });
  });

  it('fails a job whose lease expired on its last try, with a reason and onFailed; requeues one with tries left', async () => {
    const insertRunning = async (attempts: number) => {
      const id = randomUUID();
      await t.rows(sql`insert into jobs (id, kind, owner_id, payload, status, attempts, max_attempts, lease_owner, lease_until, started_at)
        values (${id}, 'test.expired', ${bob}, ${JSON.stringify({ doc: attempts })}::jsonb, 'running', ${attempts}, 2, 'dead-process', now() - interval '1 second', now())`);
      return id;
    };
    const exhausted = await insertRunning(2);
    const retriable = await insertRunning(1);
    const queue = queues.create();
    const ran: unknown[] = [];
    const failed: unknown[] = [];
    queue.register('test.expired', async (job) => void ran.push(job.payload), {
      concurrency: 1,
      onFailed: async (job, reason) => void failed.push({ ...job, reason }),
    });
    queue.start();
    await queue.idle(['test.expired']);
    expect(await queue.getJob(exhausted)).toMatchObject({ status: 'failed', attempts: 2, error: '任务多次中断，已停止重试' });
    expect(failed).toEqual([{ id: exhausted, payload: { doc: 2 }, ownerId: bob, reason: '任务多次中断，已停止重试' }]);
    expect(await queue.getJob(retriable)).toMatchObject({ status: 'done', attempts: 2 });
    expect(ran).toEqual([{ doc: 1 }]);
  });

  it('two processes claiming at once run every job exactly once, never twice at the same time', async () => {
    const runs = new Map<string, number>();
    const active = new Set<string>();
    const byProcess = { one: 0, two: 0 };
    let overlapped = false;
    const handlerFor = (name: keyof typeof byProcess) => async (job: { id: string }) => {
      if (active.has(job.id)) overlapped = true;
      active.add(job.id);
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      byProcess[name] += 1;
      await sleep(15);
      active.delete(job.id);
    };
    const one = queues.create({ processId: 'proc-1' });
    const two = queues.create({ processId: 'proc-2', ...otherProcess() });
    one.register('test.many', handlerFor('one'), { concurrency: 3 });
    two.register('test.many', handlerFor('two'), { concurrency: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) ids.push(await one.enqueue(t.database.db, { kind: 'test.many', payload: i, ownerId: i % 2 ? alice : bob }));
    one.start();
    two.start();
    await one.idle(['test.many']);
    await two.idle(['test.many']);
    expect(overlapped).toBe(false);
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    expect(byProcess.one).toBeGreaterThan(0);
    expect(byProcess.two).toBeGreaterThan(0);
  });

  it('takes turns between owners instead of running one owner’s backlog first', async () => {
    const queue = queues.create();
    const order: string[] = [];
    queue.register<string>('test.fair', async (job) => void order.push(job.payload), { concurrency: 1 });
    for (let i = 1; i <= 6; i += 1) await queue.enqueue(t.database.db, { kind: 'test.fair', payload: `alice-${i}`, ownerId: alice });
    for (let i = 1; i <= 2; i += 1) await queue.enqueue(t.database.db, { kind: 'test.fair', payload: `bob-${i}`, ownerId: bob });
    queue.start();
    await queue.idle(['test.fair']);
    expect(order).toEqual(['alice-1', 'bob-1', 'alice-2', 'bob-2', 'alice-3', 'alice-4', 'alice-5', 'alice-6']);
  });

  it('gives a free slot to the owner with the fewest running jobs', async () => {
    const queue = queues.create();
    const gate = deferred();
    const running: string[] = [];
    queue.register<string>(
      'test.fair.running',
      async (job) => {
        running.push(job.payload);
        await gate.promise;
      },
      { concurrency: 2 },
    );
    for (let i = 1; i <= 4; i += 1) await queue.enqueue(t.database.db, { kind: 'test.fair.running', payload: `alice-${i}`, ownerId: alice });
    await queue.enqueue(t.database.db, { kind: 'test.fair.running', payload: 'bob-1', ownerId: bob });
    queue.start();
    await expect.poll(() => running.length).toBe(2);
    expect(running).toEqual(['alice-1', 'bob-1']);
    gate.resolve();
    await queue.idle(['test.fair.running']);
  });
});
