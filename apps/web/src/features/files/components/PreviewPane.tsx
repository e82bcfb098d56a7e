import type { FileEntry } from '@agent-platform/contracts';
import { CloseOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Divider, Empty, Flex, Space, Typography } from 'antd';
import { FILE_LIST_TEXT, PREVIEW_TEXT } from '../constants';
import { FilePreview } from '../preview/FilePreview';
import { FileIcon } from './FileIcon';
import { FileMeta } from './FileMeta';
import { DeleteEntryButton } from './DeleteEntryButton';
import type { FileActions } from './use-file-actions';

/** The grid's side pane: the selected entry, what can be done with it, and (for a file) its preview. */
export function PreviewPane({ entry, actions, onClose }: { entry: FileEntry | null; actions: FileActions; onClose: () => void }) {
  if (!entry) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PREVIEW_TEXT.selectHint} style={{ padding: '48px 0' }} />;
  const isFile = entry.kind === 'file';
  const blocked = entry.editable ? undefined : FILE_LIST_TEXT.noEditRight;
  return (
    <section aria-label={entry.name}>
      <Flex align="center" gap={10}>
        <FileIcon entry={entry} size={24} />
        <Typography.Title level={5} style={{ margin: 0, flex: 1, minWidth: 0 }} ellipsis={{ tooltip: entry.name }}>
          {entry.name}
        </Typography.Title>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={PREVIEW_TEXT.closePane} onClick={onClose} />
      </Flex>
      <div style={{ marginTop: 8 }}>
        <FileMeta entry={entry} column={1} />
      </div>
      <Space size={0} wrap style={{ marginTop: 4 }}>
        <Button type="link" size="small" icon={isFile ? <ExportOutlined /> : undefined} onClick={() => actions.open(entry)}>
          {isFile ? PREVIEW_TEXT.openInNewTab : FILE_LIST_TEXT.open}
        </Button>
        {isFile ? (
          <Button type="link" size="small" onClick={() => actions.download(entry)}>
            {FILE_LIST_TEXT.download}
          </Button>
        ) : null}
        {isFile ? (
          <Button type="link" size="small" disabled={!entry.editable} title={blocked} onClick={() => actions.share(entry)}>
            {FILE_LIST_TEXT.share}
          </Button>
        ) : null}
        <Button type="link" size="small" disabled={!entry.editable} title={blocked} onClick={() => actions.rename(entry)}>
          {FILE_LIST_TEXT.rename}
        </Button>
        <Button type="link" size="small" disabled={!entry.editable} title={blocked} onClick={() => actions.move([entry])}>
          {FILE_LIST_TEXT.move}
        </Button>
        <DeleteEntryButton entry={entry} actions={actions} />
      </Space>
      <Divider style={{ margin: '12px 0' }} />
      {isFile ? <FilePreview file={entry} onDownload={() => actions.download(entry)} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PREVIEW_TEXT.folderHint} />}
    </section>
  );
}
