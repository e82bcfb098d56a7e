import type { FileEntry } from '@agent-platform/contracts';
import { Card, Flex } from 'antd';
import { useState } from 'react';
import { ListToolbar } from '../../../components/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { FileBreadcrumb } from '../components/FileBreadcrumb';
import { FileTable } from '../components/FileTable';
import { ListError } from '../components/ListError';
import { SelectionBar } from '../components/SelectionBar';
import { useFileActions, type FileActions } from '../components/use-file-actions';
import { useFolderPath } from '../components/use-folder-path';
import { FILE_LIST_TEXT, TREE_DESCRIPTIONS, type FileTree } from '../constants';
import { FILES_TITLES } from '../titles';
import { useFileList } from '../queries';
import { UploadButtons } from '../upload/UploadButtons';
import { UploadPanel } from '../upload/UploadPanel';
import { pickedFromInput } from '../upload/upload-queue';
import { useUploadQueue } from '../upload/use-upload-queue';
import { listLoading } from '../../../lib/list-loading';

/** One folder as a table; keyed by the folder, so paging, search and selection start afresh in each. */
function FolderTable({ tree, path, actions }: { tree: FileTree; path: string; actions: FileActions }) {
  const { query, filter, pagination } = usePagedQuery<{ page: number; page_size: number; keyword?: string }>();
  const list = useFileList(tree, { ...query, path });
  const [selected, setSelected] = useState<FileEntry[]>([]);
  const entries = list.data?.list ?? [];
  // Checked rows that a move or delete took away are no longer checked.
  const checked = selected.filter((entry) => entries.some((shown) => shown.id === entry.id));
  return (
    <>
      <ListToolbar searchPlaceholder={FILE_LIST_TEXT.searchPlaceholder} onSearch={(keyword) => filter({ keyword })}>
        <SelectionBar selected={checked} actions={actions} onClear={() => setSelected([])} />
      </ListToolbar>
      {list.isError ? <ListError message={list.error.message} onRetry={() => void list.refetch()} /> : null}
      <FileTable
        tree={tree}
        entries={entries}
        loading={listLoading(list)}
        filtered={!!query.keyword}
        actions={actions}
        selected={checked}
        onSelect={setSelected}
        pagination={pagination(list.data?.total)}
      />
    </>
  );
}

/** files/private and files/public: breadcrumbs, uploads with progress, and the folder's table. */
export function FileTablePage({ tree }: { tree: FileTree }) {
  const path = useFolderPath();
  const uploads = useUploadQueue(tree);
  const { actions, dialogs } = useFileActions(tree, path);
  return (
    <>
      <PageHeader
        title={FILES_TITLES[tree]}
        description={TREE_DESCRIPTIONS[tree]}
        extra={<UploadButtons onFiles={(files) => void uploads.enqueue(pickedFromInput(files), path)} onNewFolder={actions.newFolder} />}
      />
      <UploadPanel items={uploads.items} onClear={uploads.clearFinished} />
      <Card>
        <Flex style={{ marginBottom: 16 }}>
          <FileBreadcrumb tree={tree} path={path} />
        </Flex>
        <FolderTable key={path} tree={tree} path={path} actions={actions} />
      </Card>
      {dialogs}
    </>
  );
}

export function PrivateFileTablePage() {
  return <FileTablePage tree="private" />;
}

export function PublicFileTablePage() {
  return <FileTablePage tree="public" />;
}
