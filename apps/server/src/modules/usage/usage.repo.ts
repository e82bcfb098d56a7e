import type { ModelTokenUsage } from '@agent-platform/contracts';
import { count, inArray, sum } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { usageRecords } from './usage.tables.js';

export type NewUsageRecord = typeof usageRecords.$inferInsert;

export async function insertUsage(db: Db, record: NewUsageRecord): Promise<void> {
  await db.insert(usageRecords).values(record);
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

