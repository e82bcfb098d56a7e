import type { AssetTable, DbTableInfo } from '@agent-platform/contracts';
import type { Key } from 'react';

// Keys of the table tree, joined by a control character no name holds (and no whitespace: the tree
// makes element ids of them, which labels refer to by id lists).
const SEPARATOR = '\u001f';
export const tableKey = (table: string) => ['t', table].join(SEPARATOR);
export const columnKey = (table: string, column: string) => ['c', table, column].join(SEPARATOR);

/** The tree's ticked columns for an asset's tables (a whole table ticks all its columns). */
export function checkedKeysOf(shown: DbTableInfo[], value: AssetTable[]): string[] {
  const chosen = new Map(value.map((table) => [table.name, table.columns]));
  return shown.flatMap((table) => {
    if (!chosen.has(table.name)) return [];
    const columns = chosen.get(table.name);
    return table.columns.filter((column) => !columns || columns.includes(column.name)).map((column) => columnKey(table.name, column.name));
  });
}

/**
 * The asset's tables after a tick in the tree: the shown tables as ticked (every column ticked: the
 * whole table, `columns` null), the tables the search hides as they were, in the catalogue's order.
 */
export function chosenTables(catalogue: DbTableInfo[], shown: DbTableInfo[], value: AssetTable[], checked: Key[]): AssetTable[] {
  const ticked = new Set(checked.map(String));
  const visible = new Set(shown.map((table) => table.name));
  const before = new Map(value.map((table) => [table.name, table]));
  return catalogue.flatMap((table): AssetTable[] => {
    if (!visible.has(table.name)) return before.has(table.name) ? [before.get(table.name)!] : [];
    const columns = table.columns.filter((column) => ticked.has(columnKey(table.name, column.name))).map((column) => column.name);
    if (columns.length === 0) return [];
    return [{ name: table.name, columns: columns.length === table.columns.length ? null : columns }];
  });
}
