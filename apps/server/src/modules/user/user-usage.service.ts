import type { Page, UsageStatsBody, UserUsage } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import type { UsageService } from '../usage/index.js';
import * as repo from './user.repo.js';

/**
 * Counts what each user owns of one kind (agents, conversations, …). Modules that own such things
 * hand one to `buildApp`, so the user module never reads their tables.
 */
export interface OwnedThingsCounter {
  /** A key of `OWNED_COUNT_LABELS`. */
  key: string;
  countByOwner(userIds: string[]): Promise<Map<string, number>>;
}

export type UserUsageService = ReturnType<typeof createUserUsageService>;

export function createUserUsageService({ db, usage, counters }: { db: Db; usage: UsageService; counters: OwnedThingsCounter[] }) {
  return {
    async listUsage({ page, page_size, keyword }: UsageStatsBody): Promise<Page<UserUsage>> {
      const { total, rows } = await repo.listUsers(db, { keyword }, (page - 1) * page_size, page_size);
      const ids = rows.map((row) => row.id);
      const [tokens, ...counts] = await Promise.all([
        usage.tokensByUser(ids),
        ...counters.map(async (counter) => ({ key: counter.key, byOwner: await counter.countByOwner(ids) })),
      ]);
      const list = rows.map((row) => ({
        user_id: row.id,
        user_name: row.userName,
        nick_name: row.nickName,
        role: row.role,
        status: row.status,
        counts: Object.fromEntries(counts.map(({ key, byOwner }) => [key, byOwner.get(row.id) ?? 0])),
        tokens: tokens.get(row.id) ?? [],
      }));
      return { total, list };
    },
  };
}
