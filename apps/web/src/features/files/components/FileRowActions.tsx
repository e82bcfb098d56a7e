import type { FileEntry } from '@agent-platform/contracts';
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { FILE_LIST_TEXT as TEXT } from '../constants';
import { DeleteEntryButton } from './DeleteEntryButton';
import type { FileActions } from './use-file-actions';

/** 打开/预览 · 下载 · 分享 · 更多（重命名、移动）· 删除; the changing ones only for the uploader. */
export function FileRowActions({ entry, actions }: { entry: FileEntry; actions: FileActions }) {
  const isFile = entry.kind === 'file';
  const blocked = entry.editable ? undefined : TEXT.noEditRight;
  const more = [
    { key: 'rename', label: TEXT.rename, onClick: () => actions.rename(entry) },
    { key: 'move', label: TEXT.move, onClick: () => actions.move([entry]) },
  ];
  return (
    <Space size={0} wrap={false}>
      <Button type="link" size="small" onClick={() => actions.open(entry)}>
        {isFile ? TEXT.preview : TEXT.open}
      </Button>
      <Button type="link" size="small" onClick={() => actions.download(entry)}>
        {TEXT.download}
      </Button>
      {isFile ? (
        <Button type="link" size="small" disabled={!entry.editable} title={blocked} onClick={() => actions.share(entry)}>
          {TEXT.share}
        </Button>
      ) : null}
      <Dropdown menu={{ items: more }} trigger={['click']} disabled={!entry.editable}>
        <Button type="link" size="small" title={blocked} aria-label={`${TEXT.more}：${entry.name}`}>
          {TEXT.more} <DownOutlined />
        </Button>
      </Dropdown>
      <DeleteEntryButton entry={entry} actions={actions} />
    </Space>
  );
}
