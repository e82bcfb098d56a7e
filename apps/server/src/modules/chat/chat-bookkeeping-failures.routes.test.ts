import { startScriptedLlm, type ScriptedLlm } from '@agent-platform/scripted-llm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { parseSse, type SseEvent } from '../../../test/sse.js';
import { connectionBody, createSampleShop, type SampleShop } from '../../../test/fixtures/sample-shop.js';

const MODEL = 'bookkeeping-chat';
/**
 * The database refuses one of a run's writes: the stream still ends with a Chinese `error` and then
 * `done`, for each chat. The refusal is a real database's: a trigger on the table the write goes to
 * (the question, the run's row, its event log, the answer), there for one test.
 */
describe('a run whose bookkeeping fails ends its stream with error, then done', () => {
  let t: TestApp;
  let llm: ScriptedLlm;
  let user: string;
  let agentId: string;
  let kbId: string;
  let setupId: string;
  let assetId: string;
  let shop: SampleShop;

  beforeAll(async () => {
    llm = await startScriptedLlm();
    t = await startTestApp({ SECRET_KEY: Buffer.alloc(32, 5).toString('base64'), LLM_RETRY_BASE_MS: '5' });
    const admin = await t.signUp('bk_admin');
    user = await t.signUp('bk_user');
    expectOk(await t.call('/api/llm/create_llm_model', { llm_name: MODEL, type: 'chat', provider: 'openai-compatible', base_url: llm.url, api_key: 'sk-bk-0001', is_public: true }, admin));
    agentId = expectOk(await t.call<{ id: string }>('/api/agent/create', { name: '记账测试智能体', llm_name: MODEL }, user)).id;
    kbId = expectOk(await t.call<{ id: string }>('/api/kb/create_knowledge_base', { name: '记账测试知识库' }, user)).id;
    setupId = expectOk(await t.call<{ id: string }>('/api/ma/create', { name: '记账测试协作', mode: 'handoff', members: [{ agent_id: agentId }], start_agent_id: agentId }, user)).id;
    shop = await createSampleShop('postgresql');
    const connectionId = expectOk(await t.call<{ id: string }>('/api/db/dbconnect/create_connection', connectionBody(shop), user)).id;
    assetId = expectOk(await t.call<{ id: string }>('/api/db/asset/create_asset', { connection_id: connectionId, name: '记账测试资产', tables: [{ name: 'stores' }] }, user)).id;
    await t.rows(sql.raw(`create function refuse_write() returns trigger language plpgsql as $$ begin raise exception 'refused by test trigger'; end $$`));
  });
  beforeEach(() => llm.reset());
  afterAll(async () => {
    await t?.close();
    await llm?.close();
    await shop?.drop();
  });

  const CHATS = [
    { url: '/api/llm/chat', body: (query: string) => ({ llm_name: MODEL, query }) },
    { url: '/api/agent/chat', body: (query: string) => ({ agent_id: agentId, query }) },
    { url: '/api/kb/chat', body: (query: string) => ({ llm_name: MODEL, kb_ids: [kbId], query }) },
    { url: '/api/ma/chat', body: (query: string) => ({ agent_id: setupId, query }) },
    { url: '/api/db/asset/chat', body: (query: string) => ({ llm_name: MODEL, asset_id: assetId, query }) },
  ];

  async function streamOf(url: string, body: unknown): Promise<SseEvent[]> {
    const response = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'access-token': user }, payload: JSON.stringify(body) });
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    return parseSse(response.body);
  }

  function expectErrorThenDone(events: SseEvent[], status: string) {
    const types = events.map((event) => event.event);
    expect(types[0]).toBe('run');
    expect(types.slice(-2)).toEqual(['error', 'done']);
    const error = events.at(-2)!.data;
    expect(error.code).toBe(50001);
    expect(error.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(error.msg).not.toMatch(/trigger|refused|exception|insert/i);
    expect(events.at(-1)!.data.status).toBe(status);
  }

  /** While `run` goes, the database refuses every `operation` on `table` (matching `when`). */
  async function refusing<T>({ table, operation, when }: { table: string; operation: string; when: string }, run: () => Promise<T>): Promise<T> {
    await t.rows(sql.raw(`create trigger refuse_test_write before ${operation} on ${table} for each row ${when} execute function refuse_write()`));
    try {
      return await run();
    } finally {
      await t.rows(sql.raw(`drop trigger refuse_test_write on ${table}`));
    }
  }

  const FAILURES = [
    { what: 'the question', table: 'messages', operation: 'insert', when: '', status: 'failed' },
    { what: "the run's row", table: 'runs', operation: 'insert', when: '', status: 'failed' },
    { what: "the run's event log", table: 'run_events', operation: 'insert', when: '', status: 'failed' },
    { what: "the run's ending", table: 'runs', operation: 'update', when: `when (new.status <> 'running')`, status: 'failed' },
    // The answer is written with the run's ending: the run itself completed.
    { what: 'the answer', table: 'messages', operation: 'insert', when: `when (new.role = 'assistant')`, status: 'completed' },
  ];

  for (const { url, body } of CHATS) {
    for (const { what, status, ...refused } of FAILURES) {
      it(`${url}: ${what} cannot be written`, async () => {
        // The asset chat's model first writes SQL; every chat's answer is the same two pieces.
        llm.script({ match: '请为这个问题写出一条 SQL', text: '```sql\nselect count(*) as n from stores\n```' }, { chunks: ['一个', '回答'] });
        const events = await refusing(refused, () => streamOf(url, body('一个普通的问题')));
        expectErrorThenDone(events, status);
      });
    }
  }
});
