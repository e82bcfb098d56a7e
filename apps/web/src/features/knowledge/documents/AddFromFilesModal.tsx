import { MAX_PAGE_SIZE, type FileEntry } from '@agent-platform/contracts';
import { FileOutlined, FolderOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Empty, Flex, Modal, Segmented, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { ListToolbar } from '../../../components/ListToolbar';
import type { FileTree } from '../../files';
import { ADD_FILES_TEXT as TEXT, KB_TOAST } from '../constants';
import { useAddDocuments, useFileList } from '../queries';
import { formatBytes } from '../../../lib/format';
import { listLoading } from '../../../lib/list-loading';

interface AddFromFilesModalProps {
  kbId: string;
  open: boolean;
  onClose: () => void;
}

const childPath = (folder: FileEntry) => `${folder.path === '/' ? '' : folder.path}/${folder.name}`;

function crumbs(path: string): Array<{ label: string; path: string }> {
  const names = path.split('/').filter(Boolean);
  return [{ label: TEXT.root, path: '/' }, ...names.map((name, index) => ({ label: name, path: `/${names.slice(0, index + 1).join('/')}` }))];
}

/** Pick files from the file manager (own private files and the public tree) to add as documents. */
export function AddFromFilesModal({ kbId, open, onClose }: AddFromFilesModalProps) {
  const [tree, setTree] = useState<FileTree>('private');
  const [path, setPath] = useState('/');
  const [keyword, setKeyword] = useState<string | undefined>();
  const [selected, setSelected] = useState<Map<string, FileEntry>>(new Map());
  const files = useFileList(tree, { path, keyword, page: 1, page_size: MAX_PAGE_SIZE }, open);
  const add = useAddDocuments();
  const entries = files.data?.list ?? [];

  const go = (next: { tree?: FileTree; path: string }) => {
    if (next.tree) setTree(next.tree);
    setPath(next.path);
    setKeyword(undefined);
  };
  const toggleRows = (rows: FileEntry[], checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (checked) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });

  const submit = () =>
    add.mutate(
      { kb_id: kbId, file_ids: [...selected.keys()] },
      {
        onSuccess: (result) => {
          if (result.documents.length) toast.success(KB_TOAST.added(result.documents.length));
          for (const refused of result.failed) toast.error(refused.name, { description: refused.reason });
          setSelected(new Map());
          onClose();
        },
        onError: (error) => toast.error(KB_TOAST.failed, { description: error.message }),
      },
    );

  const columns: TableColumnsType<FileEntry> = [
    {
      title: TEXT.name,
      key: 'name',
      ellipsis: true,
      render: (_value, entry) =>
        entry.kind === 'folder' ? (
          <Button type="link" size="small" icon={<FolderOutlined />} onClick={() => go({ path: childPath(entry) })} style={{ paddingInline: 0 }}>
            {entry.name}
          </Button>
        ) : (
          <Typography.Text ellipsis>
            <FileOutlined /> {entry.name}
          </Typography.Text>
        ),
    },
    { title: TEXT.size, dataIndex: 'size', key: 'size', width: 110, render: formatBytes },
  ];

  return (
    <Modal
      open={open}
      title={TEXT.title}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">{TEXT.selected(selected.size)}</Typography.Text>
          <Button type="primary" disabled={selected.size === 0} loading={add.isPending} onClick={submit}>
            {TEXT.add}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Segmented<FileTree>
          value={tree}
          options={[
            { value: 'private', label: TEXT.private },
            { value: 'public', label: TEXT.public },
          ]}
          onChange={(value) => go({ tree: value, path: '/' })}
        />
        <Breadcrumb items={crumbs(path).map((crumb) => ({ title: <a onClick={() => go({ path: crumb.path })}>{crumb.label}</a> }))} />
        <ListToolbar key={`${tree}:${path}`} searchPlaceholder={TEXT.searchPlaceholder} onSearch={setKeyword} />
      </Flex>
      {files.isError ? <Alert type="error" showIcon title={files.error.message} style={{ marginBottom: 12 }} /> : null}
      <Table<FileEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={entries}
        loading={listLoading(files)}
        pagination={false}
        scroll={{ y: 360 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.empty} /> }}
        rowSelection={{
          selectedRowKeys: [...selected.keys()],
          getCheckboxProps: (entry) => ({ disabled: entry.kind === 'folder', 'aria-label': entry.name }),
          onSelect: (entry, checked) => toggleRows([entry], checked),
          onSelectAll: (checked, _rows, changed) =>
            toggleRows(
              changed.filter((entry) => entry.kind === 'file'),
              checked,
            ),
        }}
      />
    </Modal>
  );
}
