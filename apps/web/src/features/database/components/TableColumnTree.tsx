import type { AssetTable, DbTableInfo } from '@agent-platform/contracts';
import { Flex, Input, Skeleton, Tree, Typography } from 'antd';
import { useState, type Key } from 'react';
import { ASSET_TEXT as TEXT } from '../constants';
import { checkedKeysOf, chosenTables, columnKey, tableKey } from '../table-choice';

/** Tables shown before the tree scrolls (and draws only what is in view). */
const VIRTUAL_AFTER = 12;

interface TableColumnTreeProps {
  catalogue: DbTableInfo[];
  /** The datasource's tables are being read. */
  loading?: boolean;
  /** The asset's tables (a form field's value): `columns` null for every column. */
  value?: AssetTable[];
  onChange?: (tables: AssetTable[]) => void;
  id?: string;
}

/**
 * The datasource's tables with their columns, to tick: a whole table opens every column (and the
 * columns added to it later), some of its columns open only those. A search narrows the tables shown;
 * what is ticked in the hidden ones stays.
 */
export function TableColumnTree({ catalogue, loading = false, value = [], onChange, id }: TableColumnTreeProps) {
  const [search, setSearch] = useState('');
  const keyword = search.trim().toLowerCase();
  const shown = catalogue.filter((table) => !keyword || table.name.toLowerCase().includes(keyword) || table.comment.toLowerCase().includes(keyword));
  const treeData = shown.map((table) => ({
    key: tableKey(table.name),
    title: table.comment ? `${table.name}（${table.comment}）` : table.name,
    children: table.columns.map((column) => ({
      key: columnKey(table.name, column.name),
      title: [column.name, column.type, column.comment].filter(Boolean).join('  '),
      isLeaf: true,
    })),
  }));
  if (loading) return <Skeleton active />;
  if (catalogue.length === 0) return <Typography.Text type="secondary">{TEXT.form.noTables}</Typography.Text>;
  return (
    <Flex id={id} vertical gap={8}>
      <Flex gap={8} align="center">
        <Input
          allowClear
          placeholder={TEXT.form.tableSearch}
          aria-label={TEXT.form.tableSearch}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          // Enter narrows the tree; it must not submit the asset form around it.
          onPressEnter={(event) => event.preventDefault()}
          style={{ maxWidth: 320 }}
        />
        <Typography.Text type="secondary">{TEXT.form.tablesChosen(value.length)}</Typography.Text>
      </Flex>
      <Tree
        checkable
        selectable={false}
        // A long catalogue scrolls inside a fixed height, drawing only the rows in view.
        height={shown.length > VIRTUAL_AFTER ? 360 : undefined}
        treeData={treeData}
        checkedKeys={checkedKeysOf(shown, value)}
        onCheck={(checked) => onChange?.(chosenTables(catalogue, shown, value, (Array.isArray(checked) ? checked : checked.checked) as Key[]))}
        style={{ border: '1px solid var(--ant-color-border)', borderRadius: 6, padding: 4 }}
      />
    </Flex>
  );
}
