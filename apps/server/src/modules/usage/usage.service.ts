import type { ModelTokenUsage } from '@agent-platform/contracts';
import { BatchQueue, type Db } from '../../platform/db/index.js';
import { insertUsageRows, sumTokensByUserAndModel, type NewUsageRecord } from './usage.repo.js';

export type UsageService = ReturnType<typeof createUsageService>;

export function createUsageService({ db }: { db: Db }) {
  // Calls ending together (fifty answers finishing at once) share one insert; each answer's last event waits for its row.
  const rows = new BatchQueue<NewUsageRecord, void>(async (records) => {
    await insertUsageRows(db, records);
    return records.map(() => undefined);
  });
  return {
    /** One row per model call; the model gateway calls this. Resolves once the row is written. */
    recordCall: (record: NewUsageRecord): Promise<void> => rows.push(record),

    async tokensByUser(userIds: string[]): Promise<Map<string, ModelTokenUsage[]>> {
      const byUser = new Map<string, ModelTokenUsage[]>();
      for (const { userId, ...usage } of await sumTokensByUserAndModel(db, userIds)) {
        byUser.set(userId, [...(byUser.get(userId) ?? []), usage]);
      }
      return byUser;
    },
  };
}
