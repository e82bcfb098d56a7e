import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { MA_EDITOR_TEXT as TEXT } from '../constants';
import { clampZoom, ZOOM } from './canvas-view';
import styles from './MaEditor.module.css';

/** Zoom out, the zoom in percent (a click resets it to 100%), zoom in. */
export function CanvasZoomControls({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  return (
    <div className={styles.zoomControls} data-testid="ma-zoom">
      <Tooltip title={TEXT.zoomOut}>
        <Button size="small" type="text" icon={<MinusOutlined />} aria-label={TEXT.zoomOut} disabled={zoom <= ZOOM.min} onClick={() => onZoom(clampZoom(zoom - ZOOM.step))} />
      </Tooltip>
      <Tooltip title={TEXT.zoomReset}>
        <Button size="small" type="text" aria-label={TEXT.zoomReset} onClick={() => onZoom(1)}>
          {`${Math.round(zoom * 100)}%`}
        </Button>
      </Tooltip>
      <Tooltip title={TEXT.zoomIn}>
        <Button size="small" type="text" icon={<PlusOutlined />} aria-label={TEXT.zoomIn} disabled={zoom >= ZOOM.max} onClick={() => onZoom(clampZoom(zoom + ZOOM.step))} />
      </Tooltip>
    </div>
  );
}
