import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/db/index.js';

/**
 * Replaces up to `batch` usage rows of days that ended more than `afterDays` days ago (UTC) by their
 * sums per day, user, model, feature, agent and outcome in `usage_daily`, in one statement: the rows leave and
 * their sums arrive together, so a summary never counts a call twice or not at all. Rows another
 * process is rolling up are skipped. Answers how many rows were rolled up.
 */
export async function rollUpUsage(db: Db, afterDays: number, batch: number): Promise<number> {
  const resultRows = await selectRows<{ n: number }>(
    db,
    sql`
    with picked as (
      select id from usage_records
      where created_at < date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - ${Math.round(afterDays)}::integer * interval '1 day'
      order by created_at
      limit ${batch}
      for update skip locked
    ), moved as (
      delete from usage_records u where u.id = any(array(select id from picked))
      returning u.user_id, u.model, u.feature, u.agent_id, u.ok, u.prompt_tokens, u.completion_tokens, u.latency_ms, u.created_at
    ), summed as (
      insert into usage_daily (day, user_id, model, feature, agent_id, ok, calls, prompt_tokens, completion_tokens, latency_ms)
      select (created_at at time zone 'UTC')::date, user_id, model, feature, agent_id, ok, count(*), sum(prompt_tokens), sum(completion_tokens), sum(latency_ms)
      from moved group by 1, 2, 3, 4, 5, 6
      on conflict (day, (coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid)), model, feature, (coalesce(agent_id, '00000000-0000-0000-0000-000000000000'::uuid)), ok) do update set
        calls = usage_daily.calls + excluded.calls,
        prompt_tokens = usage_daily.prompt_tokens + excluded.prompt_tokens,
        completion_tokens = usage_daily.completion_tokens + excluded.completion_tokens,
        latency_ms = usage_daily.latency_ms + excluded.latency_ms
    )
    select count(*)::int as n from moved`,
  );
  return Number(resultRows[0]?.n ?? 0);
}
