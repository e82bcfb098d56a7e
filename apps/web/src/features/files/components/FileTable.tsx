import type { FileEntry } from '@agent-platform/contracts';
import { Button, Empty, Flex, Table, Tag, Tooltip, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { FILE_LIST_TEXT as TEXT, type FileTree } from '../constants';
import { FileIcon } from './FileIcon';
import { FileRowActions } from './FileRowActions';
import type { FileActions } from './use-file-actions';

interface FileTableProps {
  tree: FileTree;
  entries: FileEntry[];
  loading: boolean;
  filtered: boolean;
  actions: FileActions;
  selected: FileEntry[];
  onSelect: (entries: FileEntry[]) => void;
  pagination: TablePaginationConfig;
}

function NameCell({ entry, actions }: { entry: FileEntry; actions: FileActions }) {
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }}>
      <FileIcon entry={entry} />
      <Button type="link" size="small" style={{ padding: 0, minWidth: 0, color: 'inherit' }} title={entry.name} onClick={() => actions.open(entry)}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{entry.name}</span>
      </Button>
      {entry.share_expires_at ? (
        <Tooltip title={formatDateTime(entry.share_expires_at)}>
          <Tag color="processing">{TEXT.sharedTag}</Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

function columns(tree: FileTree, actions: FileActions): TableColumnsType<FileEntry> {
  return [
    { title: TEXT.name, key: 'name', ellipsis: true, render: (_value, entry) => <NameCell entry={entry} actions={actions} /> },
    { title: TEXT.size, dataIndex: 'size', key: 'size', width: 110, render: (size: number | null) => formatBytes(size) },
    ...(tree === 'public' ? [{ title: TEXT.owner, dataIndex: 'owner_name', key: 'owner', width: 140, ellipsis: true }] : []),
    { title: TEXT.updatedAt, dataIndex: 'updated_at', key: 'updated_at', width: 180, render: formatDateTime },
    { title: TEXT.actions, key: 'actions', width: 300, fixed: 'right', render: (_value, entry) => <FileRowActions entry={entry} actions={actions} /> },
  ];
}

/** One folder's entries (folders first, as the server lists them), with checkboxes for batch actions. */
export function FileTable({ tree, entries, loading, filtered, actions, selected, onSelect, pagination }: FileTableProps) {
  return (
    <Table<FileEntry>
      rowKey="id"
      columns={columns(tree, actions)}
      dataSource={entries}
      loading={loading}
      scroll={{ x: 900 }}
      rowSelection={{
        selectedRowKeys: selected.map((entry) => entry.id),
        onChange: (_keys, rows) => onSelect(rows),
        getCheckboxProps: (entry) => ({ disabled: !entry.editable, 'aria-label': entry.name }),
      }}
      onRow={(entry) => ({ onDoubleClick: () => actions.open(entry) })}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? TEXT.emptyFiltered : TEXT.empty} /> }}
      pagination={pagination}
    />
  );
}
