import type { ModelTokenUsage } from '@agent-platform/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/db/index.js';
import type { usageRecords } from './usage.tables.js';

export type NewUsageRecord = typeof usageRecords.$inferInsert;

/** Many model calls' usage rows in one insert, as one JSON parameter (cheaper than a parameter per value). */
export function usageRowsInsert(records: NewUsageRecord[]): SQL {
  const json = JSON.stringify(
    records.map((r) => ({
      user_id: r.userId ?? null,
      model: r.model,
      feature: r.feature,
      agent_id: r.agentId ?? null,
      prompt_tokens: r.promptTokens ?? 0,
      completion_tokens: r.completionTokens ?? 0,
      latency_ms: r.latencyMs ?? 0,
      ok: r.ok,
      error: r.error ?? null,
    })),
  );
  return sql`
    insert into usage_records (user_id, model, feature, agent_id, prompt_tokens, completion_tokens, latency_ms, ok, error)
    select user_id, model, feature, agent_id, prompt_tokens, completion_tokens, latency_ms, ok, error
    from jsonb_to_recordset(${json}::jsonb)
      as t(user_id uuid, model text, feature text, agent_id uuid, prompt_tokens int, completion_tokens int, latency_ms int, ok boolean, error text)`;
}

/** Calls and tokens per user and model: the recent rows plus the daily sums older rows were rolled up into (`usage-rollup.ts`). */
export async function sumTokensByUserAndModel(db: Db, userIds: string[]): Promise<Array<ModelTokenUsage & { userId: string }>> {
  if (userIds.length === 0) return [];
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await selectRows<{ user_id: string | null; model: string; calls: unknown; prompt_tokens: unknown; completion_tokens: unknown }>(
    db,
    sql`
    select user_id, model, sum(calls)::bigint as calls, sum(prompt_tokens)::bigint as prompt_tokens, sum(completion_tokens)::bigint as completion_tokens
    from (
      select user_id, model, count(*) as calls, sum(prompt_tokens) as prompt_tokens, sum(completion_tokens) as completion_tokens
      from usage_records where user_id in (${ids}) group by user_id, model
      union all
      select user_id, model, sum(calls), sum(prompt_tokens), sum(completion_tokens)
      from usage_daily where user_id in (${ids}) group by user_id, model
    ) parts
    group by user_id, model
    order by model`,
  );
  return rows.map((row) => {
    const prompt = Number(row.prompt_tokens ?? 0);
    const completion = Number(row.completion_tokens ?? 0);
    return {
      userId: row.user_id ?? '',
      model: row.model,
      calls: Number(row.calls),
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
    };
  });
}
