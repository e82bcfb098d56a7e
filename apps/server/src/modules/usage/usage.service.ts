import type { ModelTokenUsage } from '@agent-platform/contracts';
import type { Db, WriteBehind, WriteKind } from '../../platform/db/index.js';
import { sumTokensByUserAndModel, usageRowsInsert, type NewUsageRecord } from './usage.repo.js';

const USAGE_ROWS: WriteKind<NewUsageRecord> = { statement: usageRowsInsert };

export type UsageService = ReturnType<typeof createUsageService>;

export function createUsageService({ db, writes }: { db: Db; writes: WriteBehind }) {
  return {
    /**
     * One row per model call; the model gateway calls this. Resolves once the row is written: with the
     * next write-behind statement, beside runs' events (an answer's last event waits for its row).
     */
    recordCall: (record: NewUsageRecord): Promise<void> => writes.add(USAGE_ROWS, [record]),

    async tokensByUser(userIds: string[]): Promise<Map<string, ModelTokenUsage[]>> {
      const byUser = new Map<string, ModelTokenUsage[]>();
      for (const { userId, ...usage } of await sumTokensByUserAndModel(db, userIds)) {
        byUser.set(userId, [...(byUser.get(userId) ?? []), usage]);
      }
      return byUser;
    },
  };
}
