import type { FileEntry } from '@agent-platform/contracts';
import { Typography } from 'antd';
import type { KeyboardEvent } from 'react';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { previewKind } from '../file-types';
import { useObjectUrlRef } from '../preview/use-object-url';
import { useFileContent } from '../queries';
import styles from './FileGrid.module.css';
import { FileIcon } from './FileIcon';

/** Images up to this size show their own picture on the card. */
const THUMBNAIL_LIMIT = 2 * 1024 * 1024;

function Thumbnail({ blob, name }: { blob: Blob; name: string }) {
  return <img ref={useObjectUrlRef(blob)} alt={name} className={styles.thumbnail} />;
}

function CardPicture({ entry }: { entry: FileEntry }) {
  const wanted = entry.kind === 'file' && previewKind(entry.name, entry.mime) === 'image' && (entry.size ?? 0) <= THUMBNAIL_LIMIT;
  const content = useFileContent(entry.id, wanted);
  if (wanted && content.data) return <Thumbnail blob={content.data} name={entry.name} />;
  return <FileIcon entry={entry} size={48} />;
}

interface FileCardProps {
  entry: FileEntry;
  selected: boolean;
  onSelect: () => void;
  onOpen: () => void;
}

/** One entry of the grid: click selects it (the preview pane shows it), double click or Enter opens it. */
export function FileCard({ entry, selected, onSelect, onOpen }: FileCardProps) {
  const keyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') onOpen();
    else if (event.key === ' ') {
      event.preventDefault();
      onSelect();
    }
  };
  return (
    <div
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={entry.name}
      className={`${styles.card} ${selected ? styles.selected : ''}`}
      onClick={onSelect}
      onDoubleClick={onOpen}
      onKeyDown={keyDown}
    >
      <div className={styles.picture}>
        <CardPicture entry={entry} />
      </div>
      <Typography.Text className={styles.name} ellipsis={{ tooltip: entry.name }}>
        {entry.name}
      </Typography.Text>
      <Typography.Text type="secondary" className={styles.meta}>
        {entry.kind === 'folder' ? formatDateTime(entry.updated_at).slice(0, 10) : formatBytes(entry.size)}
      </Typography.Text>
    </div>
  );
}
