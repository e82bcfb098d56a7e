import type { DbTableInfo } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { checkedKeysOf, chosenTables, columnKey } from './table-choice';

const table = (name: string, columns: string[]): DbTableInfo => ({
  name,
  kind: 'table',
  comment: '',
  row_estimate: 0,
  columns: columns.map((column) => ({ name: column, type: 'int', nullable: true, primary_key: false, comment: '' })),
  foreign_keys: [],
});
const stores = table('stores', ['id', 'name', 'city']);
const members = table('members', ['id', 'name', 'level']);
const orders = table('orders', ['id', 'store_id']);
const catalogue = [stores, members, orders];

describe('the tables and columns ticked in the asset tree', () => {
  it('ticks every column of a whole table and only the chosen columns of the others', () => {
    expect(
      checkedKeysOf(catalogue, [
        { name: 'stores', columns: null },
        { name: 'members', columns: ['id', 'level'] },
      ]),
    ).toEqual([columnKey('stores', 'id'), columnKey('stores', 'name'), columnKey('stores', 'city'), columnKey('members', 'id'), columnKey('members', 'level')]);
  });

  it('makes a table with every column ticked a whole table, a partly ticked one a column choice, and drops an unticked one', () => {
    const ticked = [columnKey('stores', 'id'), columnKey('stores', 'name'), columnKey('stores', 'city'), columnKey('members', 'level')];
    expect(chosenTables(catalogue, catalogue, [{ name: 'orders', columns: null }], ticked)).toEqual([
      { name: 'stores', columns: null },
      { name: 'members', columns: ['level'] },
    ]);
  });

  it('keeps what is chosen in the tables a search hides', () => {
    const value = [{ name: 'members', columns: ['id'] }];
    expect(chosenTables(catalogue, [orders], value, [columnKey('orders', 'id')])).toEqual([
      { name: 'members', columns: ['id'] },
      { name: 'orders', columns: ['id'] },
    ]);
  });
});
