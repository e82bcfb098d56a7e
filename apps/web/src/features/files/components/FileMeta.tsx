import type { FileEntry } from '@agent-platform/contracts';
import { Descriptions } from 'antd';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { PREVIEW_TEXT } from '../constants';

/** Size, uploader and time of a file, in one compact line of labelled values. */
export function FileMeta({ entry, column = 3 }: { entry: FileEntry; column?: number }) {
  return (
    <Descriptions
      size="small"
      column={column}
      items={[
        { key: 'size', label: PREVIEW_TEXT.size, children: formatBytes(entry.size) },
        { key: 'owner', label: PREVIEW_TEXT.owner, children: entry.owner_name },
        { key: 'updated', label: PREVIEW_TEXT.updatedAt, children: formatDateTime(entry.updated_at) },
      ]}
    />
  );
}
