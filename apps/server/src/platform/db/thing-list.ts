import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ThingKind, ThingList } from '../../core/index.js';
import type { Db } from './client.js';

interface ThingColumns {
  id: PgColumn;
  name: PgColumn | SQL;
  ownerId: PgColumn;
  isPublic: PgColumn;
  /** A `text[]` or `jsonb` array of tag names, if the things carry tags. */
  tags?: PgColumn;
  /** What edges point at when it is not the id (a model's lower-case name). */
  key?: SQL;
}

/** Every row of a table as a topology node: one query, whatever the module's table looks like. */
export function thingList(db: Db, kind: ThingKind, table: PgTable, columns: ThingColumns): ThingList {
  return {
    kind,
    async list() {
      const rows = await db
        .select({
          id: sql<string>`${columns.id}::text`,
          key: sql<string>`${columns.key ?? columns.id}::text`,
          name: sql<string>`${columns.name}`,
          ownerId: sql<string | null>`${columns.ownerId}::text`,
          // The user module's table, read by name: modules import each other's tables only for foreign keys.
          ownerName: sql<string | null>`(select coalesce(nullif(u.nick_name, ''), u.user_name) from users u where u.id = ${columns.ownerId})`,
          isPublic: sql<boolean>`${columns.isPublic}`,
          tags: columns.tags ? sql<unknown>`${columns.tags}` : sql<unknown>`null`,
        })
        .from(table);
      return rows.map((row) => ({ kind, ...row, isPublic: row.isPublic === true, tags: Array.isArray(row.tags) ? row.tags.map(String) : [] }));
    },
  };
}
