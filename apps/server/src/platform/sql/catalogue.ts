import type { DbColumnInfo, DbTableInfo } from '@agent-platform/contracts';

export interface CatalogueColumn extends DbColumnInfo {
  table: string;
}

export interface CatalogueKey {
  table: string;
  name: string;
  ref_table: string;
  columns: string[];
  ref_columns: string[];
}

/** Tables, columns and foreign keys read in three catalogue queries, put together per table (linear in the rows, for schemas of thousands of tables). */
export function tablesFromCatalogue(tables: Array<Omit<DbTableInfo, 'columns' | 'foreign_keys'>>, columns: CatalogueColumn[], keys: CatalogueKey[]): DbTableInfo[] {
  const byName = new Map<string, DbTableInfo>(tables.map((table) => [table.name, { ...table, columns: [], foreign_keys: [] }]));
  for (const { table, ...column } of columns) byName.get(table)?.columns.push(column);
  for (const key of keys) byName.get(key.table)?.foreign_keys.push({ columns: key.columns, ref_table: key.ref_table, ref_columns: key.ref_columns });
  return [...byName.values()];
}
