import type { Page, UsageStatsBody, UserUsage } from '@agent-platform/contracts';
import type { ReferenceRegistry } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import type { UsageService } from '../usage/index.js';
import * as repo from './user.repo.js';

export type UserUsageService = ReturnType<typeof createUserUsageService>;

/** What each user owns comes from the reference registry, so the user module never reads other modules' tables. */
export function createUserUsageService({ db, usage, references }: { db: Db; usage: UsageService; references: ReferenceRegistry<Db> }) {
  return {
    async listUsage({ page, page_size, keyword }: UsageStatsBody): Promise<Page<UserUsage>> {
      const { total, rows } = await repo.listUsers(db, { keyword }, (page - 1) * page_size, page_size);
      const ids = rows.map((row) => row.id);
      const [tokens, counts] = await Promise.all([usage.tokensByUser(ids), references.countOwned(ids)]);
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
