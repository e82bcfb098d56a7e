import type { ModelTokenUsage } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { insertUsage, sumTokensByUserAndModel, type NewUsageRecord } from './usage.repo.js';

export type UsageService = ReturnType<typeof createUsageService>;

export function createUsageService({ db }: { db: Db }) {
  return {
    /** One row per model call; the model gateway calls this. */
    recordCall: (record: NewUsageRecord) => insertUsage(db, record),

    async tokensByUser(userIds: string[]): Promise<Map<string, ModelTokenUsage[]>> {
      const byUser = new Map<string, ModelTokenUsage[]>();
      for (const { userId, ...usage } of await sumTokensByUserAndModel(db, userIds)) {
        byUser.set(userId, [...(byUser.get(userId) ?? []), usage]);
      }
      return byUser;
    },
  };
}
