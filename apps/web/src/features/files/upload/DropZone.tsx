import { InboxOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { UPLOAD_TEXT } from '../constants';
import { filesFromDrop } from './drop-files';
import styles from './DropZone.module.css';
import type { PickedFile } from './upload-queue';

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/** Drag files or folders anywhere over its content to upload them; an overlay shows while dragging. */
export function DropZone({ onDrop, children }: { onDrop: (files: PickedFile[]) => void; children: ReactNode }) {
  // dragenter/dragleave fire for every child crossed: count them to know when the drag really left.
  const depth = useRef(0);
  const [active, setActive] = useState(false);

  const enter = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setActive(true);
  };
  const leave = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setActive(false);
  };
  const over = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const drop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setActive(false);
    void filesFromDrop(event.dataTransfer).then(onDrop);
  };

  return (
    <div className={styles.zone} data-testid="file-drop-zone" onDragEnter={enter} onDragLeave={leave} onDragOver={over} onDrop={drop}>
      {children}
      {active ? (
        <div className={styles.overlay} aria-hidden>
          <InboxOutlined className={styles.icon} />
          <Typography.Text strong>{UPLOAD_TEXT.dropOverlay}</Typography.Text>
        </div>
      ) : null}
    </div>
  );
}
