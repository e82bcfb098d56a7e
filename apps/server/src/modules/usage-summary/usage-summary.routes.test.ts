// The usage dashboard's call: refusals, a real agent chat counted where it belongs, then a generated
// year of history (the bench's seeder) where every figure is timed and stays the same across the
// usage roll-up.
import type { UsageSummary } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historySteps, scaled, YEAR_FOR_1000_USERS } from '../../../../../bench/lib/history-sql.js';
import { startAgentChatTestApp, type AgentChatTestContext } from '../../../test/fixtures/agent-chat.js';
import { expectCode, expectOk } from '../../../test/harness.js';
import { rollUpUsage } from '../usage/index.js';
import * as repo from './usage-summary.repo.js';

const SUMMARY = '/api/system/summary/query';
/**
 * Generous: the goal is 300 ms per figure on a quiet machine, and tests share two cores with everything
 * else. A year as it is kept (rows older than 30 days rolled up per day) within 5 s; the worst case, a
 * whole year of rows never rolled up, within 30 s.
 */
const BOUND_MS = Number(process.env.SUMMARY_BOUND_MS ?? 5_000);
const RAW_YEAR_BOUND_MS = Number(process.env.SUMMARY_RAW_BOUND_MS ?? 30_000);
/**
 * The year's size: a tenth of the bench's 1,000 users' messages; the bench's million usage rows on
 * PostgreSQL, a quarter of them on PGlite (seeding a million there takes minutes). SUMMARY_USAGE_ROWS sets it.
 */
const usageRows = (dialect: string) => Number(process.env.SUMMARY_USAGE_ROWS ?? (dialect === 'postgres' ? 1_000_000 : 250_000));
const YEAR = scaled(YEAR_FOR_1000_USERS, Number(process.env.SUMMARY_SEED_SCALE ?? 0.1));
const SEEDED = ['users', 'conversations', 'messages', 'runs', 'usage rows'];

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

let c: AgentChatTestContext;
let admin: string;
const summarize = async (start_date: string, end_date = today()) => expectOk(await c.t.call<UsageSummary>(SUMMARY, { start_date, end_date }, admin));

beforeAll(async () => {
  c = await startAgentChatTestApp();
  admin = await c.t.login('ac_admin');
});
afterAll(() => c?.close());

describe('the usage summary', () => {
  it('answers a fresh install with zeros: every day of the period present, nothing else invented', async () => {
    const summary = await summarize(daysAgo(6));
    expect(summary.users).toEqual({ total: 3, new: 3, active: 0 });
    expect(summary.messages_per_day.map((d) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(daysAgo));
    expect(summary.messages_per_day.every((d) => d.messages === 0)).toBe(true);
    expect({ ...summary, users: null, messages_per_day: null }).toEqual({
      start_date: daysAgo(6),
      end_date: today(),
      users: null,
      messages_per_day: null,
      subjects: [],
      tokens_per_day: [],
      top_users: [],
      top_agents: [],
      runs: { total: 0, failed: 0, reasons: [] },
      knowledge: { knowledge_bases: 0, documents: 0, new_documents: 0, failed_documents: 0, document_bytes: 0, files: 0, file_bytes: 0 },
    });
  });

  it('is for administrators only, and refuses a period it cannot answer with a Chinese message', async () => {
    expectCode(await c.t.call(SUMMARY, { start_date: daysAgo(6), end_date: today() }, c.alice), 40301, '需要管理员权限');
    const refused = async (body: unknown, msg: string) => expectCode(await c.t.call(SUMMARY, body, admin), 40001, new RegExp(`：${msg}(；|$)`));
    await refused({ end_date: today() }, '请选择开始日期');
    await refused({ start_date: '2026/01/01', end_date: today() }, '开始日期格式应为 YYYY-MM-DD');
    await refused({ start_date: '2026-02-30', end_date: '2026-03-01' }, '开始日期不是有效日期');
    await refused({ start_date: today(), end_date: daysAgo(1) }, '开始日期不能晚于结束日期');
    await refused({ start_date: daysAgo(366), end_date: today() }, '统计区间不能超过 366 天');
    expectOk(await c.t.call(SUMMARY, { start_date: daysAgo(365), end_date: today() }, admin));
  });

  it('counts an agent chat: the agent by conversations and tokens, its user, the messages and the model of the day', async () => {
    const agent = await c.createAgent({ name: '统计助手' });
    c.llm.script({ match: '季度报告', text: '报告已整理。', usage: { prompt_tokens: 31, completion_tokens: 17 } });
    const events = await c.chat({ agent_id: agent.id, query: '整理季度报告' });
    expect(events.at(-1)!.data.status).toBe('completed');
    const summary = await summarize(daysAgo(6));

    expect(summary.subjects).toEqual([{ kind: 'agent', id: agent.id, name: '统计助手', conversations: 1 }]);
    expect(summary.top_agents).toEqual([{ agent_id: agent.id, name: '统计助手', calls: 1, prompt_tokens: 31, completion_tokens: 17, total_tokens: 48 }]);
    expect(summary.top_users.map((u) => u.user_name)).toEqual(['ac_alice']);
    expect(summary.users.active).toBe(1);
    expect(summary.messages_per_day.at(-1)).toEqual({ day: today(), messages: 2 });
    const [raw] = await c.t.rows<{ calls: number; tokens: number }>(sql`select count(*)::int as calls, sum(prompt_tokens + completion_tokens)::int as tokens from usage_records`);
    expect(summary.tokens_per_day).toEqual([
      { day: today(), model: 'agent-chat-model', calls: raw!.calls, prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: raw!.tokens },
    ]);
    expect(summary.top_users[0]).toMatchObject({ calls: raw!.calls, total_tokens: raw!.tokens });
    expect(summary.runs).toMatchObject({ total: 1, failed: 0 });
  });

  describe('over a generated year', () => {
    let agentIds: string[];

    beforeAll(async () => {
      YEAR.usageRows = usageRows(c.t.dialect);
      const started = performance.now();
      for (const step of historySteps(YEAR, 'seeded-without-login').filter((s) => SEEDED.includes(s.label))) {
        for (let from = 1; from <= step.total; from += step.chunk) {
          await c.t.database.db.execute(sql.raw(step.statement(from, Math.min(step.total, from + step.chunk - 1))));
        }
      }
      // Two agents the seeded agent conversations and agent calls belong to.
      agentIds = [(await c.createAgent({ name: '年度助手甲' })).id, (await c.createAgent({ name: '年度助手乙' })).id];
      const [first, second] = agentIds;
      await c.t.rows(sql`update conversations set subject = case when created_at::time < '12:00' then ${first} else ${second} end where kind = 'agent' and subject = 'seed-model'`);
      await c.t.rows(sql`update usage_records set agent_id = case when prompt_tokens % 3 = 0 then ${first}::uuid else ${second}::uuid end where feature = 'agent' and agent_id is null`);
      await c.t.database.db.execute(sql.raw('vacuum analyze'));
      console.log(`[summary] ${c.t.dialect}: seeded ${JSON.stringify(YEAR)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }, 900_000);

    const year = () => ({ startDate: daysAgo(365), endDate: today() });
    const FIGURES: Array<[string, (period: repo.Period) => Promise<unknown>]> = [
      ['users', (p) => repo.countUsers(c.t.database.db, p)],
      ['active users', (p) => repo.countActiveUsers(c.t.database.db, p)],
      ['agents and setups by conversations', (p) => repo.subjectsByConversations(c.t.database.db, p, 20)],
      ['messages per day', (p) => repo.messagesPerDay(c.t.database.db, p)],
      ['tokens per model and day', (p) => repo.tokensPerModelAndDay(c.t.database.db, p)],
      ['top users by tokens', (p) => repo.topUsersByTokens(c.t.database.db, p, 10)],
      ['top agents by tokens', (p) => repo.topAgentsByTokens(c.t.database.db, p, 10)],
      ['runs', (p) => repo.countRuns(c.t.database.db, p)],
      ['failure reasons', (p) => repo.failureReasons(c.t.database.db, p, 20)],
      ['knowledge and storage', (p) => repo.knowledgeStorage(c.t.database.db, p)],
    ];

    async function timeEachFigure(label: string, bound: number): Promise<void> {
      for (const [name, figure] of FIGURES) {
        await figure(year()); // warm: the first call also plans and reads pages in
        const started = performance.now();
        await figure(year());
        const ms = performance.now() - started;
        console.log(`[summary] ${c.t.dialect} ${label}: ${name} ${ms.toFixed(1)} ms`);
        expect(ms, name).toBeLessThan(bound);
      }
    }

    it('answers each figure of a year within the bound (times printed), the whole call too', async () => {
      await timeEachFigure('raw year', RAW_YEAR_BOUND_MS);
      const started = performance.now();
      const summary = await summarize(daysAgo(365));
      console.log(`[summary] ${c.t.dialect} raw year: whole call ${(performance.now() - started).toFixed(1)} ms`);
      const [raw] = await c.t.rows<{ tokens: string }>(sql`select sum(prompt_tokens + completion_tokens)::bigint as tokens from usage_records where created_at >= ${daysAgo(365)}::date`);
      expect(summary.tokens_per_day.reduce((sum, row) => sum + row.total_tokens, 0)).toBe(Number(raw!.tokens));
      expect(summary.users.active).toBeGreaterThan(YEAR.users / 2);
      expect(summary.top_agents.map((a) => a.name).sort()).toEqual(['年度助手乙', '年度助手甲', '统计助手']);
      expect(summary.subjects.slice(0, 2).map((s) => s.name)).toEqual(expect.arrayContaining(['年度助手甲', '年度助手乙']));
      expect(summary.runs.reasons[0]).toMatchObject({ reason: '模型服务暂时不可用' });
      expect(summary.runs.failed).toBe(summary.runs.reasons.reduce((sum, r) => sum + r.runs, 0));
      expect(summary.messages_per_day.reduce((sum, d) => sum + d.messages, 0)).toBeGreaterThan(YEAR.conversations * 5);
    }, 300_000);

    it('gives the same summary, for the year and for a week inside it, before and after the usage roll-up', async () => {
      const week = [daysAgo(100), daysAgo(94)] as const;
      const before = [await summarize(daysAgo(365)), await summarize(...week)];
      let moved = 0;
      for (let n = -1; n !== 0; moved += n) n = await rollUpUsage(c.t.database.db, 30, 200_000);
      const [left] = await c.t.rows<{ n: number }>(sql`select count(*)::int as n from usage_records`);
      const [daily] = await c.t.rows<{ n: number }>(sql`select count(*)::int as n from usage_daily`);
      console.log(`[summary] ${c.t.dialect}: rolled up ${moved} usage rows into ${daily!.n} daily sums; ${left!.n} recent rows stay`);
      expect(moved).toBeGreaterThan(YEAR.usageRows * 0.85);
      expect(daily!.n).toBeGreaterThan(0);
      await c.t.database.db.execute(sql.raw('vacuum analyze'));
      expect([await summarize(daysAgo(365)), await summarize(...week)]).toEqual(before);
      await timeEachFigure('rolled-up year', BOUND_MS);
    }, 600_000);
  });
});
