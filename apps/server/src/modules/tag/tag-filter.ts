import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Rows whose tag column (a `jsonb` array or a `text[]`) carries any of `names`, ignoring case: the one
 * tag filter of every list (agents, knowledge bases, tools, services …). `names` come from
 * `TagService.namesForFilter`, so a first-level tag matches its children's names too.
 */
export function taggedWithAny(column: PgColumn, names: string[]): SQL {
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  const elements = column.columnType === 'PgArray' ? sql`unnest(${column})` : sql`jsonb_array_elements_text(${column})`;
  const list = sql.join(
    lowered.map((name) => sql`${name}`),
    sql`, `,
  );
  return sql`exists (select 1 from ${elements} as tag_elements(tag_name) where lower(tag_elements.tag_name) in (${list}))`;
}
