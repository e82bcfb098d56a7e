import type { ModelTokenUsage } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { sumTokensByUserAndModel, type NewUsageRecord } from './usage.repo.js';
import { createUsageWriter } from './usage-writer.js';

export type UsageService = ReturnType<typeof createUsageService>;

export function createUsageService({ db }: { db: Db }) {
  const write = createUsageWriter(db);
  return {
    /** One row per model call; the model gateway calls this. Resolves once the row is written. */
    recordCall: (record: NewUsageRecord): Promise<void> => write(record),

    async tokensByUser(userIds: string[]): Promise<Map<string, ModelTokenUsage[]>> {
      const byUser = new Map<string, ModelTokenUsage[]>();
      for (const { userId, ...usage } of await sumTokensByUserAndModel(db, userIds)) {
        byUser.set(userId, [...(byUser.get(userId) ?? []), usage]);
      }
      return byUser;
    },
  };
}
