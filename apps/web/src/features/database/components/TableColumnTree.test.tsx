import type { AssetTable, DbTableInfo } from '@agent-platform/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TableColumnTree } from './TableColumnTree';

const table = (name: string, comment: string, columns: string[]): DbTableInfo => ({
  name,
  kind: 'table',
  comment,
  row_estimate: 0,
  columns: columns.map((column) => ({ name: column, type: 'int', nullable: true, primary_key: false, comment: '' })),
  foreign_keys: [],
});
const catalogue = [table('members', '会员', ['id', 'name', 'level']), table('orders', '订单', ['id', 'store_id']), table('stores', '门店', ['id', 'name', 'city'])];

/** The tree as a form drives it, with every value it gave kept. */
function renderTree(initial: AssetTable[] = []) {
  const given: AssetTable[][] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <TableColumnTree
        catalogue={catalogue}
        value={value}
        onChange={(next) => {
          given.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  return given;
}

const node = (title: RegExp) => screen.getByRole('treeitem', { name: title });
const tick = (title: RegExp) => fireEvent.click(within(node(title)).getByRole('checkbox'));

describe('the table and column tree of the asset form', () => {
  it('opens a whole table, then only the columns left ticked', () => {
    const given = renderTree();
    tick(/stores（门店）/);
    expect(given.at(-1)).toEqual([{ name: 'stores', columns: null }]);
    fireEvent.click(node(/stores（门店）/).querySelector('.ant-tree-switcher')!);
    tick(/^city/);
    expect(given.at(-1)).toEqual([{ name: 'stores', columns: ['id', 'name'] }]);
    expect(screen.getByText('已选 1 张表')).toBeTruthy();
  });

  it('shows a saved column choice ticked, and keeps the choices a search hides', () => {
    const given = renderTree([{ name: 'members', columns: ['level'] }]);
    expect(
      within(node(/members（会员）/))
        .getByRole('checkbox')
        .getAttribute('aria-checked'),
    ).toBe('mixed');
    fireEvent.change(screen.getByRole('textbox', { name: '搜索表名或表注释' }), { target: { value: '订单' } });
    expect(screen.queryByRole('treeitem', { name: /members/ })).toBeNull();
    tick(/orders（订单）/);
    expect(given.at(-1)).toEqual([
      { name: 'members', columns: ['level'] },
      { name: 'orders', columns: null },
    ]);
  });
});
