import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Progress, Typography } from 'antd';
import { UPLOAD_TEXT } from '../constants';
import { itemPercent, uploadSummary, type UploadItem } from './upload-queue';
import styles from './UploadPanel.module.css';
import { formatBytes } from '../../../lib/format';

const STATUS_TEXT = { queued: UPLOAD_TEXT.queued, uploading: UPLOAD_TEXT.uploading, done: UPLOAD_TEXT.done, failed: UPLOAD_TEXT.failed } as const;

function UploadRow({ item }: { item: UploadItem }) {
  const icon =
    item.status === 'done' ? <CheckCircleFilled style={{ color: '#1f9d55' }} /> : item.status === 'failed' ? <CloseCircleFilled style={{ color: '#e5484d' }} /> : <LoadingOutlined />;
  return (
    <li className={styles.row} aria-label={item.name} data-status={item.status}>
      <Flex align="center" gap={8}>
        {icon}
        <Typography.Text ellipsis className={styles.name} title={`${item.folder} / ${item.name}`}>
          {item.name}
        </Typography.Text>
        <Typography.Text type="secondary" className={styles.meta}>
          {formatBytes(item.size)} · {STATUS_TEXT[item.status]}
        </Typography.Text>
      </Flex>
      <Progress
        percent={itemPercent(item)}
        size="small"
        status={item.status === 'failed' ? 'exception' : item.status === 'done' ? 'success' : 'active'}
        aria-label={`${item.name} ${STATUS_TEXT[item.status]}`}
      />
      {item.error ? (
        <Typography.Text type="danger" className={styles.error}>
          {item.error}
        </Typography.Text>
      ) : null}
    </li>
  );
}

/** Each file's progress while it uploads, and how it ended; cleared by the user. */
export function UploadPanel({ items, onClear }: { items: UploadItem[]; onClear: () => void }) {
  if (items.length === 0) return null;
  const summary = uploadSummary(items);
  return (
    <Card
      size="small"
      className={styles.panel}
      title={
        <Flex align="center" gap={12}>
          <span>{UPLOAD_TEXT.panelTitle}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
            {UPLOAD_TEXT.summary(summary.done, summary.total)}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Button size="small" type="link" disabled={summary.active === items.length} onClick={onClear}>
          {UPLOAD_TEXT.clearFinished}
        </Button>
      }
    >
      <Progress percent={summary.percent} showInfo={false} size="small" status={summary.failed > 0 && summary.active === 0 ? 'exception' : undefined} />
      <ul className={styles.list} aria-label={UPLOAD_TEXT.panelTitle}>
        {items.map((item) => (
          <UploadRow key={item.id} item={item} />
        ))}
      </ul>
    </Card>
  );
}
