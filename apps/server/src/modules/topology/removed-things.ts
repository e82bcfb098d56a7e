import { and, eq, inArray } from 'drizzle-orm';
import type { ThingKind } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import { removedThings } from './removed-things.tables.js';

/** The names of things removed while others referred to them, for those referrers' messages. */
export interface RemovedThings {
  remember(kind: ThingKind, id: string, name: string): Promise<void>;
  /** By id (uuids only); ids never remembered are left out. */
  namesOf(kind: ThingKind, ids: string[]): Promise<Map<string, string>>;
}

export function createRemovedThings(db: Db): RemovedThings {
  return {
    async remember(kind, id, name) {
      await db
        .insert(removedThings)
        .values({ kind, id, name })
        .onConflictDoUpdate({ target: [removedThings.kind, removedThings.id], set: { name, removedAt: new Date() } });
    },
    async namesOf(kind, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: removedThings.id, name: removedThings.name })
        .from(removedThings)
        .where(and(eq(removedThings.kind, kind), inArray(removedThings.id, ids)));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}
