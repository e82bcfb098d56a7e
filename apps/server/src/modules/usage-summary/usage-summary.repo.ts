import { sql, type SQL } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/db/index.js';

/**
 * The usage summary's figures, one statement each, each with an index over the period.
 * A report reads across modules' tables by design: one statement per figure, never a call per module.
 * Usage is read from both `usage_records` and the daily sums older rows were rolled up into
 * (`usage/usage-rollup.ts`), whole UTC days on both sides, so a figure is the same before and after.
 */
export interface Period {
  /** `YYYY-MM-DD`, both included. */
  startDate: string;
  endDate: string;
}

const from = (period: Period) => sql`${`${period.startDate}T00:00:00Z`}::timestamptz`;
const until = (period: Period) => sql`(${period.endDate}::date + 1)::timestamp at time zone 'UTC'`;
const inPeriod = (column: SQL, period: Period) => sql`${column} >= ${from(period)} and ${column} < ${until(period)}`;
/** The UTC day as a day number (plain arithmetic per row), formatted once per group. */
const utcDay = (column: SQL) => sql`floor(date_part('epoch', ${column}) / 86400)::int`;
const dayText = (dayNumber: SQL) => sql`to_char(date '1970-01-01' + ${dayNumber}, 'YYYY-MM-DD')`;

/** Usage rows of the period, raw and rolled up, grouped by the `keys` (the same columns from both tables, in the same order). */
function usageOfPeriod(period: Period, keys: { raw: SQL; daily: SQL; count: number }, where: SQL = sql`true`): SQL {
  const groups = sql.raw(Array.from({ length: keys.count }, (_, n) => n + 1).join(', '));
  return sql`
    select ${keys.raw}, count(*)::bigint as calls, sum(prompt_tokens)::bigint as prompt_tokens, sum(completion_tokens)::bigint as completion_tokens
    from usage_records where ${inPeriod(sql`created_at`, period)} and ${where} group by ${groups}
    union all
    select ${keys.daily}, sum(calls)::bigint, sum(prompt_tokens)::bigint, sum(completion_tokens)::bigint
    from usage_daily where day >= ${period.startDate}::date and day <= ${period.endDate}::date and ${where} group by ${groups}`;
}

const num = (value: unknown) => Number(value ?? 0);
const tokensOf = (row: { calls: unknown; prompt_tokens: unknown; completion_tokens: unknown }) => ({
  calls: num(row.calls),
  prompt_tokens: num(row.prompt_tokens),
  completion_tokens: num(row.completion_tokens),
  total_tokens: num(row.prompt_tokens) + num(row.completion_tokens),
});
type TokenRow = { calls: unknown; prompt_tokens: unknown; completion_tokens: unknown };
const TOKEN_SUMS = sql`sum(calls)::bigint as calls, sum(prompt_tokens)::bigint as prompt_tokens, sum(completion_tokens)::bigint as completion_tokens`;

export async function countUsers(db: Db, period: Period) {
  const [row] = await selectRows<{ total: unknown; fresh: unknown }>(db, sql`select count(*) as total, count(*) filter (where ${inPeriod(sql`created_at`, period)}) as fresh from users`);
  return { total: num(row?.total), new: num(row?.fresh) };
}

export async function countActiveUsers(db: Db, period: Period): Promise<number> {
  const keys = { raw: sql`user_id`, daily: sql`user_id`, count: 1 };
  const [row] = await selectRows<{ active: unknown }>(db, sql`select count(distinct user_id) as active from (${usageOfPeriod(period, keys, sql`user_id is not null`)}) parts`);
  return num(row?.active);
}

export async function tokensPerModelAndDay(db: Db, period: Period) {
  const keys = { raw: sql`${utcDay(sql`created_at`)} as day, model`, daily: sql`day - date '1970-01-01', model`, count: 2 };
  const rows = await selectRows<TokenRow & { day: string; model: string }>(
    db,
    sql`select ${dayText(sql`day`)} as day, model, ${TOKEN_SUMS} from (${usageOfPeriod(period, keys)}) parts group by parts.day, model order by parts.day, model`,
  );
  return rows.map((row) => ({ day: row.day, model: row.model, ...tokensOf(row) }));
}

export async function topUsersByTokens(db: Db, period: Period, limit: number) {
  const keys = { raw: sql`user_id`, daily: sql`user_id`, count: 1 };
  const rows = await selectRows<TokenRow & { user_id: string | null; user_name: string | null; nick_name: string | null }>(
    db,
    sql`
    select top.*, u.user_name, u.nick_name from (
      select user_id, ${TOKEN_SUMS} from (${usageOfPeriod(period, keys)}) parts
      group by user_id order by sum(prompt_tokens) + sum(completion_tokens) desc, user_id limit ${limit}
    ) top left join users u on u.id = top.user_id
    order by top.prompt_tokens + top.completion_tokens desc, top.user_id`,
  );
  return rows.map((row) => ({ user_id: row.user_id, user_name: row.user_name ?? '', nick_name: row.nick_name ?? '', ...tokensOf(row) }));
}

export async function topAgentsByTokens(db: Db, period: Period, limit: number) {
  const keys = { raw: sql`agent_id`, daily: sql`agent_id`, count: 1 };
  const rows = await selectRows<TokenRow & { agent_id: string; name: string | null }>(
    db,
    sql`
    select top.*, a.name from (
      select agent_id, ${TOKEN_SUMS} from (${usageOfPeriod(period, keys, sql`agent_id is not null`)}) parts
      group by agent_id order by sum(prompt_tokens) + sum(completion_tokens) desc, agent_id limit ${limit}
    ) top left join agents a on a.id = top.agent_id
    order by top.prompt_tokens + top.completion_tokens desc, top.agent_id`,
  );
  return rows.map((row) => ({ agent_id: row.agent_id, name: row.name ?? '', ...tokensOf(row) }));
}

/** Agents (their chats and plans together) and multi-agent setups by the conversations started with them. */
export async function subjectsByConversations(db: Db, period: Period, limit: number) {
  const rows = await selectRows<{ kind: 'agent' | 'ma'; id: string; conversations: unknown; name: string | null }>(
    db,
    sql`
    select top.kind, top.id, top.conversations, coalesce(a.name, m.name) as name from (
      select case when kind = 'ma' then 'ma' else 'agent' end as kind, subject as id, count(*) as conversations
      from conversations where kind in ('agent', 'plan', 'ma') and ${inPeriod(sql`created_at`, period)}
      group by 1, 2 order by 3 desc, 2 limit ${limit}
    ) top
    left join agents a on top.kind = 'agent' and a.id::text = top.id
    left join multi_agents m on top.kind = 'ma' and m.id::text = top.id
    order by top.conversations desc, top.id`,
  );
  return rows.map((row) => ({ kind: row.kind, id: row.id, name: row.name ?? '', conversations: num(row.conversations) }));
}

export async function messagesPerDay(db: Db, period: Period): Promise<Map<string, number>> {
  const rows = await selectRows<{ day: string; messages: unknown }>(
    db,
    sql`select ${dayText(utcDay(sql`created_at`))} as day, count(*) as messages from messages where ${inPeriod(sql`created_at`, period)} group by ${utcDay(sql`created_at`)}`,
  );
  return new Map(rows.map((row) => [row.day, num(row.messages)]));
}

export async function countRuns(db: Db, period: Period) {
  const [row] = await selectRows<{ total: unknown; failed: unknown }>(
    db,
    sql`select count(*) as total, count(*) filter (where status = 'failed') as failed from runs where ${inPeriod(sql`created_at`, period)}`,
  );
  return { total: num(row?.total), failed: num(row?.failed) };
}

export async function failureReasons(db: Db, period: Period, limit: number) {
  const rows = await selectRows<{ reason: string; runs: unknown; last_at: Date | string }>(
    db,
    sql`
    select coalesce(nullif(error, ''), '') as reason, count(*) as runs, max(created_at) as last_at
    from runs where status = 'failed' and ${inPeriod(sql`created_at`, period)}
    group by 1 order by 2 desc, 1 limit ${limit}`,
  );
  return rows.map((row) => ({ reason: row.reason, runs: num(row.runs), last_at: new Date(row.last_at).toISOString() }));
}

export async function knowledgeStorage(db: Db, period: Period) {
  const [row] = await selectRows<Record<string, unknown>>(
    db,
    sql`
    select
      (select count(*) from knowledge_bases) as knowledge_bases,
      d.documents, d.new_documents, d.failed_documents, d.document_bytes, f.files, f.file_bytes
    from (
      select count(*) as documents, count(*) filter (where ${inPeriod(sql`created_at`, period)}) as new_documents,
        count(*) filter (where status = 'failed') as failed_documents, coalesce(sum(size), 0) as document_bytes
      from kb_documents
    ) d, (select count(*) as files, coalesce(sum(size), 0) as file_bytes from files where kind = 'file') f`,
  );
  const of = (key: string) => num(row?.[key]);
  return {
    knowledge_bases: of('knowledge_bases'),
    documents: of('documents'),
    new_documents: of('new_documents'),
    failed_documents: of('failed_documents'),
    document_bytes: of('document_bytes'),
    files: of('files'),
    file_bytes: of('file_bytes'),
  };
}
