import type { ModelTokenUsage } from '@agent-platform/contracts';
import { count, inArray, sql, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { usageRecords } from './usage.tables.js';

export type NewUsageRecord = typeof usageRecords.$inferInsert;

/** Many model calls' usage rows in one insert, as one JSON parameter (cheaper than a parameter per value). */
export function usageRowsInsert(records: NewUsageRecord[]): SQL {
  const json = JSON.stringify(
    records.map((r) => ({
      user_id: r.userId ?? null,
      model: r.model,
      feature: r.feature,
      prompt_tokens: r.promptTokens ?? 0,
      completion_tokens: r.completionTokens ?? 0,
      latency_ms: r.latencyMs ?? 0,
      ok: r.ok,
      error: r.error ?? null,
    })),
  );
  return sql`
    insert into usage_records (user_id, model, feature, prompt_tokens, completion_tokens, latency_ms, ok, error)
    select user_id, model, feature, prompt_tokens, completion_tokens, latency_ms, ok, error
    from jsonb_to_recordset(${json}::jsonb)
      as t(user_id uuid, model text, feature text, prompt_tokens int, completion_tokens int, latency_ms int, ok boolean, error text)`;
}

export async function sumTokensByUserAndModel(db: Db, userIds: string[]): Promise<Array<ModelTokenUsage & { userId: string }>> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: usageRecords.userId,
      model: usageRecords.model,
      calls: count(),
      promptTokens: sum(usageRecords.promptTokens),
      completionTokens: sum(usageRecords.completionTokens),
    })
    .from(usageRecords)
    .where(inArray(usageRecords.userId, userIds))
    .groupBy(usageRecords.userId, usageRecords.model)
    .orderBy(usageRecords.model);
  return rows.map((row) => {
    const prompt = Number(row.promptTokens ?? 0);
    const completion = Number(row.completionTokens ?? 0);
    return {
      userId: row.userId ?? '',
      model: row.model,
      calls: row.calls,
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
    };
  });
}

