import { TAG_COLOR_LABELS, type TagNode } from '@agent-platform/contracts';
import { Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { NameTag } from '../../../components/NameTag';
import { formatDateTime } from '../../../lib/format';
import { TAG_TEXT as TEXT } from '../constants';
import { toRows, type TagRow } from '../tag-tree';
import type { TagFormTarget } from './TagFormModal';
import { TagRowActions } from './TagRowActions';

interface TagTableProps {
  /** The tree to show (maybe narrowed by a keyword). */
  shown: TagNode[];
  /** The type's whole tree. */
  tree: TagNode[];
  loading: boolean;
  filtered: boolean;
  emptyText: string;
  /** Administrators get the actions column. */
  editable: boolean;
  onOpenForm: (target: TagFormTarget) => void;
}

/** First-level tags with their children as expandable rows; every parent starts expanded. */
export function TagTable({ shown, tree, loading, filtered, emptyText, editable, onOpenForm }: TagTableProps) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const rows = toRows(shown);
  const expanded = rows.filter((row) => row.children && !collapsed.has(row.id)).map((row) => row.id);
  const toggle = (isExpanded: boolean, row: TagRow) => {
    const next = new Set(collapsed);
    if (isExpanded) next.delete(row.id);
    else next.add(row.id);
    setCollapsed(next);
  };

  const columns: TableColumnsType<TagRow> = [
    {
      title: TEXT.name,
      key: 'name',
      render: (_value, row) => <NameTag name={row.name} color={row.color ?? undefined} style={{ fontSize: 13 }} />,
    },
    {
      title: TEXT.children,
      key: 'children',
      width: 100,
      render: (_value, row) => (row.parent_id ? <Typography.Text type="secondary">—</Typography.Text> : TEXT.childCount(row.child_count)),
    },
    {
      title: TEXT.color,
      key: 'color',
      width: 100,
      render: (_value, row) => (row.color ? TAG_COLOR_LABELS[row.color] : <Typography.Text type="secondary">{TEXT.noColor}</Typography.Text>),
    },
    { title: TEXT.createdAt, dataIndex: 'created_at', key: 'created_at', width: 172, render: formatDateTime },
  ];
  if (editable) {
    columns.push({
      title: TEXT.actions,
      key: 'actions',
      width: 300,
      render: (_value, row) => <TagRowActions row={row} tree={tree} canMove={!filtered} onOpenForm={onOpenForm} />,
    });
  }

  return (
    <Table<TagRow>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      expandable={{ expandedRowKeys: expanded, onExpand: toggle }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? TEXT.emptyFiltered : emptyText} /> }}
    />
  );
}
