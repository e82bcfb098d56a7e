import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openPostgres } from '../../platform/db/index.js';
import { route } from '../../platform/http/index.js';
import { sseSink } from '../../platform/sse/index.js';
import { startTestApp, testConfig, type TestApp } from '../../../test/harness.js';
import { parseSse, readSse, type SseEvent } from '../../../test/sse.js';
import { listenerSink, stepRow, type RunEvent, type RunExecutor, type RunService } from './index.js';

/** Scripted executors the test route can start by name. */
const gates = new Map<string, () => void>();
const aborted = new Set<string>();

const executors: Record<string, RunExecutor> = {
  async chatty({ emit }) {
    emit('reasoning', { text: '先想一想' });
    for (const piece of ['你', '好', '，', '世', '界']) emit('delta', { text: piece });
    emit('usage', { prompt_tokens: 3, completion_tokens: 5 });
    return { status: 'completed' };
  },
  async gated({ run, emit }) {
    emit('delta', { text: '前半' });
    await new Promise<void>((resolve) => gates.set(run.id, resolve));
    emit('delta', { text: '后半' });
    return { status: 'completed' };
  },
  async endless({ run, emit, signal }) {
    emit('delta', { text: '开始' });
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    aborted.add(run.id);
    throw new Error('aborted');
  },
  /** Writes two steps behind the run, the second with the first one's id, and says how each went. */
  async stepping({ run, emit, stored }) {
    emit('delta', { text: '写步骤' });
    await stored;
    const good = stepRow(run.id, 1, { type: 'notice', output: { text: '好' } });
    const writes = [runService.writeStep(good), runService.writeStep({ ...good, position: 2 })];
    const outcomes = await Promise.allSettled(writes);
    emit('delta', { text: outcomes.map((outcome) => outcome.status).join(',') });
    return { status: 'completed' };
  },
  async broken() {
    throw new Error('boom: internal detail');
  },
};

let runService: RunService;

function extend(app: Parameters<NonNullable<Parameters<typeof startTestApp>[1]>>[0], { runs }: { runs: RunService }) {
  runService = runs;
  route(app, {
    url: '/test/runs/start',
    access: 'user',
    handler: async ({ user, request, reply }) => {
      const { executor, abandonAfterMs = 60_000 } = request.body as { executor: string; abandonAfterMs?: number };
      await runs.startAndStream(
        sseSink(reply),
        { run: { kind: 'llm', ownerId: user.id, subject: 'test' }, announce: { conversation_id: null, message_id: null }, abandonAfterMs },
        executors[executor]!,
      );
    },
  });
}

describe('durable runs: stream, re-attach, cancel, abandon, sweep', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp({}, extend);
    token = await t.signUp('runner');
    otherToken = await t.signUp('stranger');
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  const start = (executor: string, extra: Record<string, unknown> = {}, signal?: AbortSignal) =>
    fetch(`${base}/api/test/runs/start`, { method: 'POST', headers: { 'content-type': 'application/json', 'access-token': token }, body: JSON.stringify({ executor, ...extra }), signal });
  /** Starts a run that waits at its gate after the first piece, and reads its stream up to that piece. */
  const startGatedUntilFirstDelta = async () => {
    const seen: SseEvent[] = [];
    for await (const event of readSse(await start('gated'))) {
      seen.push(event);
      if (event.event === 'delta') break;
    }
    return seen;
  };
  const events = (runId: string, after: number, as = token) => t.app.inject({ method: 'GET', url: `/api/runs/${runId}/events?after=${after}`, headers: { 'access-token': as } });

  it('streams run → text → done with headers that keep proxies from buffering', async () => {
    const response = await start('chatty');
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const received = parseSse(await response.text());
    expect(received.map((e) => e.id)).toEqual(received.map((_, i) => i + 1));
    expect(received[0]!.event).toBe('run');
    expect(received.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
    expect(
      received
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('你好，世界');
    // The first piece goes out at once; the rest arrive coalesced, not one event per piece.
    expect(received.filter((e) => e.event === 'delta').length).toBeLessThan(5);
    expect(received.find((e) => e.event === 'usage')?.data).toEqual({ prompt_tokens: 3, completion_tokens: 5 });

    const runId = received[0]!.data.run_id;
    const replay = parseSse((await events(runId, 0)).body);
    expect(replay).toEqual(received);
    const tail = parseSse((await events(runId, 2)).body);
    expect(tail).toEqual(received.slice(2));
  });

  it('a run started without HTTP streams to a listener, and its log replays the same events to one', async () => {
    const ownerId = (await t.userRow('runner'))!.id as string;
    /** A sink a job could use: it collects the run's events until `done`. */
    const collector = () => {
      const seen: RunEvent[] = [];
      let ended: (events: RunEvent[]) => void = () => undefined;
      const done = new Promise<RunEvent[]>((resolve) => (ended = resolve));
      const sink = listenerSink((event) => {
        seen.push(event);
        if (event.type === 'done') ended(seen);
      });
      return { sink, done };
    };
    const live = collector();
    const run = await runService.startAndStream(
      live.sink,
      { run: { kind: 'llm', ownerId, subject: 'job' }, announce: { conversation_id: null, message_id: null }, abandonAfterMs: 60_000 },
      executors.chatty!,
    );
    const received = await live.done;
    expect(received.map((event) => event.type)).toEqual(['run', 'reasoning', ...received.slice(2, -2).map(() => 'delta'), 'usage', 'done']);
    expect(received[0]!.data.run_id).toBe(run.id);
    expect(received.at(-1)!.data).toEqual({ run_id: run.id, status: 'completed' });
    expect(
      received
        .filter((event) => event.type === 'delta')
        .map((event) => event.data.text)
        .join(''),
    ).toBe('你好，世界');

    const replayed = collector();
    await runService.attach(replayed.sink, ownerId, run.id, 0);
    expect(await replayed.done).toEqual(received);
  });

  it('steps written behind a run go with its event log; a step that cannot be stored fails alone', async () => {
    const received = parseSse(await (await start('stepping')).text());
    expect(
      received
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('写步骤fulfilled,rejected');
    const runId = received[0]!.data.run_id as string;
    const stored = await t.rows<{ position: number }>(sql`select position from run_steps where run_id = ${runId}`);
    expect(stored).toEqual([{ position: 1 }]);
    await expect.poll(async () => parseSse((await events(runId, 0)).body)).toEqual(received);
  });

  it('re-attaching mid-run loses and repeats nothing', async () => {
    const seen = await startGatedUntilFirstDelta();
    const runId = seen[0]!.data.run_id;
    const reattached = fetch(`${base}/api/runs/${runId}/events?after=${seen.at(-1)!.id}`, { headers: { 'access-token': token } });
    const response = await reattached;
    await expect.poll(() => gates.has(runId)).toBe(true);
    gates.get(runId)!();
    const rest: SseEvent[] = [];
    for await (const event of readSse(response)) rest.push(event);
    const all = [...seen, ...rest];
    expect(all.map((e) => e.id)).toEqual(all.map((_, i) => i + 1));
    expect(
      all
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('前半后半');
    expect(all.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
  });

  it('another server process on the same PostgreSQL follows a run live, told by the log insert itself', async (context) => {
    if (t.dialect !== 'postgres' || !t.databaseUrl) {
      context.skip(); // embedded PGlite is one process by design
      return;
    }
    const database = await openPostgres(t.databaseUrl, 2, () => {});
    const other = await buildApp({ config: testConfig(), database });
    try {
      const otherBase = await other.listen({ host: '127.0.0.1', port: 0 });
      const seen = await startGatedUntilFirstDelta();
      const runId = seen[0]!.data.run_id;
      const followed = await fetch(`${otherBase}/api/runs/${runId}/events?after=0`, { headers: { 'access-token': token } });
      await expect.poll(() => gates.has(runId)).toBe(true);
      gates.get(runId)!();
      const there: SseEvent[] = [];
      for await (const event of readSse(followed)) there.push(event);
      expect(
        there
          .filter((e) => e.event === 'delta')
          .map((e) => e.data.text)
          .join(''),
      ).toBe('前半后半');
      expect(there.map((e) => e.id)).toEqual(there.map((_, i) => i + 1));
      expect(there.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('cancel stops the executor at once and ends the stream as cancelled', async () => {
    const stream = readSse(await start('endless'));
    const { value: runEvent } = await stream.next();
    const runId = runEvent!.data.run_id;
    const cancel = await t.call(`/api/runs/${runId}/cancel`, undefined, token);
    expect(cancel.body.code).toBe(200);
    const rest: SseEvent[] = [];
    for await (const event of stream) rest.push(event);
    expect(rest.at(-1)).toMatchObject({ event: 'done', data: { status: 'cancelled' } });
    expect(aborted.has(runId)).toBe(true);
    expect((await t.call(`/api/runs/${runId}/cancel`, undefined, token)).body.code).toBe(40901);
  });

  it('a run nobody watches any more is stopped (its model call would go on costing)', async () => {
    const controller = new AbortController();
    const stream = readSse(await start('endless', { abandonAfterMs: 200 }, controller.signal));
    const { value: runEvent } = await stream.next();
    const runId = runEvent!.data.run_id;
    controller.abort();
    await expect.poll(() => aborted.has(runId), { timeout: 2_000 }).toBe(true);
    const replay = parseSse((await events(runId, 0)).body);
    expect(replay.at(-1)).toMatchObject({ event: 'done', data: { status: 'cancelled' } });
  });

  it('a failing executor ends with a Chinese error event that hides internals', async () => {
    const received = parseSse(await (await start('broken')).text());
    const error = received.find((e) => e.event === 'error');
    expect(error?.data.msg).toMatch(/\p{Script=Han}/u);
    expect(JSON.stringify(received)).not.toContain('boom');
    expect(received.at(-1)).toMatchObject({ event: 'done', data: { status: 'failed' } });
  });

  it("another user's run is invisible: 40401 for events and cancel", async () => {
    const received = parseSse(await (await start('chatty')).text());
    const runId = received[0]!.data.run_id;
    const foreign = await events(runId, 0, otherToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(40401);
    expect((await t.call(`/api/runs/${runId}/cancel`, undefined, otherToken)).body.code).toBe(40401);
    expect((await t.call('/api/runs/not-a-uuid/cancel', undefined, token)).body.code).toBe(40001);
    expect((await events('not-a-uuid', 0)).json()).toMatchObject({ code: 40001, msg: expect.stringMatching(/运行 id/) });
    expect((await events(runId, -1)).json()).toMatchObject({ code: 40001, msg: expect.stringMatching(/after 不能小于 0/) });
  });

  it("the sweeper leaves its own process's live run alone even when its lease renewal is late", async () => {
    const seen = await startGatedUntilFirstDelta();
    const runId = seen[0]!.data.run_id;
    await expect.poll(async () => (await t.rows(sql`select 1 from runs where id = ${runId} and lease_owner is not null`)).length).toBe(1);
    // A long statement on PGlite blocks the event loop past the lease; the renewal then comes after the sweep.
    await t.rows(sql`update runs set lease_until = now() - interval '1 minute' where id = ${runId}`);
    await runService.sweep();
    const [during] = await t.rows<{ status: string }>(sql`select status from runs where id = ${runId}`);
    expect(during!.status).toBe('running');
    await expect.poll(() => gates.has(runId)).toBe(true);
    gates.get(runId)!();
    const replay = parseSse((await events(runId, 0)).body);
    expect(replay.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
  });

  it('after a crash, the sweeper fails runs whose lease expired, with a reason', async () => {
    const owner = (await t.userRow('runner'))!.id as string;
    const [row] = await t.rows<{ id: string }>(
      sql`insert into runs (kind, owner_id, subject, status, lease_owner, lease_until) values ('llm', ${owner}, 'x', 'running', 'dead-process', now() - interval '1 minute') returning id`,
    );
    // A process starting up sweeps; the app's own run service stands in for it.
    await runService.sweep();
    const replay = parseSse((await events(row!.id, 0)).body);
    expect(replay.map((e) => e.event)).toEqual(['error', 'done']);
    expect(replay[0]!.data.msg).toMatch(/中断/);
    expect(replay[1]!.data).toEqual({ run_id: row!.id, status: 'failed' });
    const [after] = await t.rows<{ status: string }>(sql`select status from runs where id = ${row!.id}`);
    expect(after!.status).toBe('failed');
  });
});
