import { InboxOutlined } from '@ant-design/icons';
import { Card, Flex, Pagination, Spin, Typography } from 'antd';
import { useState } from 'react';
import { ListToolbar } from '../../../components/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { FileBreadcrumb } from '../components/FileBreadcrumb';
import { FileCard } from '../components/FileCard';
import styles from '../components/FileGrid.module.css';
import { ListError } from '../components/ListError';
import { PreviewPane } from '../components/PreviewPane';
import { useFileActions, type FileActions } from '../components/use-file-actions';
import { useFolderPath } from '../components/use-folder-path';
import { FILE_LIST_TEXT, TREE_DESCRIPTIONS, UPLOAD_TEXT, type FileTree } from '../constants';
import { FILES_TITLES } from '../titles';
import { useFileList } from '../queries';
import { DropZone } from '../upload/DropZone';
import { UploadButtons } from '../upload/UploadButtons';
import { UploadPanel } from '../upload/UploadPanel';
import { pickedFromInput } from '../upload/upload-queue';
import { useUploadQueue } from '../upload/use-upload-queue';
import { listLoading } from '../../../lib/list-loading';

function EmptyFolder({ filtered }: { filtered: boolean }) {
  return (
    <div className={styles.emptyDrop}>
      <InboxOutlined className={styles.emptyIcon} />
      <Typography.Text strong>{filtered ? FILE_LIST_TEXT.emptyFiltered : UPLOAD_TEXT.dropTitle}</Typography.Text>
      {filtered ? null : <Typography.Text type="secondary">{UPLOAD_TEXT.dropHint}</Typography.Text>}
    </div>
  );
}

/** One folder as cards beside a preview pane; keyed by the folder, so paging and selection start afresh. */
function FolderGrid({ tree, path, actions }: { tree: FileTree; path: string; actions: FileActions }) {
  const { query, filter, pagination } = usePagedQuery<{ page: number; page_size: number; keyword?: string }>();
  const list = useFileList(tree, { ...query, path });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const entries = list.data?.list ?? [];
  const selected = entries.find((entry) => entry.id === selectedId) ?? null;
  return (
    <div className={styles.layout}>
      <div>
        <ListToolbar searchPlaceholder={FILE_LIST_TEXT.searchPlaceholder} onSearch={(keyword) => filter({ keyword })} />
        {list.isError ? <ListError message={list.error.message} onRetry={() => void list.refetch()} /> : null}
        <Spin spinning={listLoading(list)}>
          {entries.length > 0 ? (
            <div className={styles.grid} role="group" aria-label={FILE_LIST_TEXT.root[tree]}>
              {entries.map((entry) => (
                <FileCard key={entry.id} entry={entry} selected={entry.id === selectedId} onSelect={() => setSelectedId(entry.id)} onOpen={() => actions.open(entry)} />
              ))}
            </div>
          ) : list.isPending ? (
            <div style={{ minHeight: 200 }} />
          ) : (
            <EmptyFolder filtered={!!query.keyword} />
          )}
        </Spin>
        {(list.data?.total ?? 0) > query.page_size ? (
          <Flex justify="flex-end" style={{ marginTop: 16 }}>
            <Pagination {...pagination(list.data?.total)} />
          </Flex>
        ) : null}
      </div>
      <Card size="small" className={styles.pane}>
        <PreviewPane entry={selected} actions={actions} onClose={() => setSelectedId(null)} />
      </Card>
    </div>
  );
}

/** files/next/private and files/next/public: a grid with drag-and-drop upload and a preview pane. */
export function FileGridPage({ tree }: { tree: FileTree }) {
  const path = useFolderPath();
  const uploads = useUploadQueue(tree);
  const { actions, dialogs } = useFileActions(tree, path);
  return (
    <>
      <PageHeader
        title={FILES_TITLES[tree === 'private' ? 'nextPrivate' : 'nextPublic']}
        description={TREE_DESCRIPTIONS[tree]}
        extra={<UploadButtons onFiles={(files) => void uploads.enqueue(pickedFromInput(files), path)} onNewFolder={actions.newFolder} />}
      />
      <UploadPanel items={uploads.items} onClear={uploads.clearFinished} />
      <DropZone onDrop={(files) => void uploads.enqueue(files, path)}>
        <Card>
          <Flex style={{ marginBottom: 16 }}>
            <FileBreadcrumb tree={tree} path={path} />
          </Flex>
          <FolderGrid key={path} tree={tree} path={path} actions={actions} />
        </Card>
      </DropZone>
      {dialogs}
    </>
  );
}

export function PrivateFileGridPage() {
  return <FileGridPage tree="private" />;
}

export function PublicFileGridPage() {
  return <FileGridPage tree="public" />;
}
