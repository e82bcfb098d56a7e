import type { TagType } from '@agent-platform/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/index.js';
import type { TaggedColumn } from '../../core/index.js';

/**
 * The references of a table that stores tag names in one column, a `jsonb` array or a `text[]`:
 * a renamed tag is renamed in place (once, where a row carried both names), a deleted one dropped.
 */
export function tagColumnReferences(tagType: TagType, table: PgTable, column: PgColumn): TaggedColumn<Db> {
  const target = sql.identifier(column.name);
  const isArray = column.columnType === 'PgArray';
  const names = isArray ? sql`${column}` : sql`array(select jsonb_array_elements_text(${column}))`;
  const stored = (value: SQL) => (isArray ? value : sql`to_jsonb(${value})`);
  const update = (db: Db, value: SQL, name: string) => db.execute(sql`update ${table} set ${target} = ${stored(value)} where ${name}::text = any(${names})`);

  return {
    tagType,
    async renameTag(db: Db, oldName: string, newName: string) {
      // Each name where it first stood: `distinct` alone would reorder the tags.
      await update(db, sql`array(select t from unnest(array_replace(${names}, ${oldName}::text, ${newName}::text)) with ordinality u(t, i) group by t order by min(i))`, oldName);
    },
    async removeTags(db: Db, tagNames: string[]) {
      for (const name of tagNames) await update(db, sql`array_remove(${names}, ${name}::text)`, name);
    },
  };
}
