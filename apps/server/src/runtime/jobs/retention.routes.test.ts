// Retention: an old run's event log moves to the archive and still replays; finished jobs are deleted
// after JOBS_KEEP_FINISHED_DAYS; usage rows older than USAGE_ROLLUP_AFTER_DAYS become daily sums with
// the summaries unchanged. Rows are made old by moving their times back, then one pass runs as the job
// the schedule would enqueue.
import { startScriptedLlm, type ScriptedLlm } from '@agent-platform/scripted-llm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { parseSse } from '../../../test/sse.js';
import { RETENTION_JOB, type JobQueue } from './index.js';

let t: TestApp;
let llm: ScriptedLlm;
let jobs: JobQueue;
let admin: string;
let base: string;

beforeAll(async () => {
  llm = await startScriptedLlm();
  t = await startTestApp({ SECRET_KEY: Buffer.alloc(32, 7).toString('base64'), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }, (_app, services) => {
    jobs = services.jobs;
  });
  admin = await t.signUp('keep_admin');
  expectOk(await t.call('/api/llm/create_llm_model', { llm_name: 'keep-chat', type: 'chat', provider: 'openai-compatible', base_url: llm.url, api_key: 'sk-keep', is_public: true }, admin));
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await t?.close();
  await llm?.close();
});

async function retentionPass(): Promise<void> {
  await jobs.enqueue(t.database.db, { kind: RETENTION_JOB, payload: null, dedupeKey: RETENTION_JOB, maxAttempts: 1 });
  await jobs.idle([RETENTION_JOB]);
  const [failed] = await t.rows<{ error: string | null }>(sql`select error from jobs where kind = ${RETENTION_JOB} and status <> 'done'`);
  expect(failed?.error ?? null).toBeNull();
}

const replay = async (runId: string, after = 0) => parseSse(await (await fetch(`${base}/api/runs/${runId}/events?after=${after}`, { headers: { 'access-token': admin } })).text());

describe('retention', () => {
  it('moves the event log of a run that ended over an hour ago out of run_events; the run still replays', async () => {
    llm.script({ match: '归档', chunks: ['旧', '的', '回答'], usage: { prompt_tokens: 5, completion_tokens: 3 } });
    const streamed = parseSse(
      await (
        await fetch(`${base}/api/llm/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'access-token': admin },
          body: JSON.stringify({ llm_name: 'keep-chat', query: '归档这个运行' }),
        })
      ).text(),
    );
    const runId: string = streamed[0]!.data.run_id;
    expect(streamed.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
    const before = await replay(runId);
    expect(before.map((event) => event.event)).toEqual(streamed.map((event) => event.event));

    llm.script({ match: '新的', chunks: ['新'] });
    const recent = parseSse(
      await (
        await fetch(`${base}/api/llm/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'access-token': admin },
          body: JSON.stringify({ llm_name: 'keep-chat', query: '新的运行' }),
        })
      ).text(),
    );
    const recentId: string = recent[0]!.data.run_id;

    await t.rows(sql`update runs set updated_at = now() - interval '2 hours' where id = ${runId}`);
    await retentionPass();

    const logged = async (id: string) => (await t.rows<{ n: number }>(sql`select count(*)::int as n from run_events where run_id = ${id}`))[0]!.n;
    expect(await logged(runId)).toBe(0);
    expect(await logged(recentId)).toBeGreaterThan(0);
    expect(await t.rows(sql`select run_id from run_event_archives where run_id = ${runId}`)).toHaveLength(1);
    expect(await replay(runId)).toEqual(before);
    expect(await replay(runId, 2)).toEqual(before.filter((event) => event.id > 2));
    expect(await replay(recentId)).toEqual(recent);
  });

  it('deletes jobs that finished more than JOBS_KEEP_FINISHED_DAYS ago, and nothing open or recent', async () => {
    const jobsOf = async () => (await t.rows<{ payload: { name: string } }>(sql`select payload from jobs where kind = 'test.keep' order by payload->>'name'`)).map((row) => row.payload.name);
    await t.rows(sql`
      insert into jobs (kind, payload, status, updated_at, created_at) values
        ('test.keep', '{"name":"done-old"}', 'done', now() - interval '8 days', now() - interval '8 days'),
        ('test.keep', '{"name":"failed-old"}', 'failed', now() - interval '30 days', now() - interval '30 days'),
        ('test.keep', '{"name":"cancelled-old"}', 'cancelled', now() - interval '9 days', now() - interval '9 days'),
        ('test.keep', '{"name":"done-recent"}', 'done', now() - interval '6 days', now() - interval '6 days'),
        ('test.keep', '{"name":"queued-old"}', 'queued', now() - interval '8 days', now() - interval '8 days')`);
    expect(await jobsOf()).toHaveLength(5);
    await retentionPass();
    expect(await jobsOf()).toEqual(['done-recent', 'queued-old']);
  });

  it('rolls usage rows older than USAGE_ROLLUP_AFTER_DAYS up per day; the usage summary stays exact', async () => {
    const adminId: string = (await t.userRow('keep_admin'))!.id;
    await t.rows(sql`
      insert into usage_records (user_id, model, feature, prompt_tokens, completion_tokens, latency_ms, ok, created_at)
      select ${adminId}::uuid, case when n % 3 = 0 then 'keep-embed' else 'keep-chat' end, case when n % 2 = 0 then 'playground' else 'title' end,
        n, n * 2, 100, n % 7 <> 0, now() - (31 + n % 20) * interval '1 day' - n * interval '1 minute'
      from generate_series(1, 400) n`);
    await t.rows(
      sql`insert into usage_records (user_id, model, feature, prompt_tokens, completion_tokens, ok, created_at) values (null, 'keep-chat', 'test_connection', 1, 1, true, now() - interval '40 days')`,
    );
    const summary = async () => {
      const page = expectOk(await t.call<{ list: Array<{ user_name: string; usage?: unknown; model_usage?: unknown }> }>('/api/user/stat_all_users_usage', { page_size: 100 }, admin));
      return page.list.find((row) => row.user_name === 'keep_admin');
    };
    const before = await summary();
    expect(JSON.stringify(before)).toContain('keep-embed');
    const old = async () => (await t.rows<{ n: number }>(sql`select count(*)::int as n from usage_records where created_at < now() - interval '30 days'`))[0]!.n;
    expect(await old()).toBe(401);

    await retentionPass();

    expect(await old()).toBe(0);
    const [daily] = await t.rows<{ rows: number; calls: number; prompt: number }>(
      sql`select count(*)::int as rows, sum(calls)::int as calls, sum(prompt_tokens)::int as prompt from usage_daily`,
    );
    expect(daily).toEqual({ rows: expect.any(Number), calls: 401, prompt: (400 * 401) / 2 + 1 });
    expect(daily!.rows).toBeLessThan(401);
    expect(await summary()).toEqual(before);
    // A second pass finds nothing more to roll up and changes nothing.
    await retentionPass();
    expect(await summary()).toEqual(before);
  });
});
