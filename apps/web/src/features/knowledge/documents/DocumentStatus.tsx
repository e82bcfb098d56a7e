import { KB_DOC_STATUS_LABELS, type KbDocument } from '@agent-platform/contracts';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Flex, Progress, Tag, Tooltip, Typography } from 'antd';
import { DOC_STATUS_COLORS, KB_DOC_TEXT as TEXT } from '../constants';
import { isIngesting } from './doc-polling';

/** A document's way through ingestion: a tag, a live progress bar while working, the reason when it failed. */
export function DocumentStatus({ doc }: { doc: KbDocument }) {
  const label = KB_DOC_STATUS_LABELS[doc.status];
  if (doc.status === 'failed') {
    return (
      <Tooltip title={`${TEXT.failedReason}：${doc.status_text ?? ''}`}>
        <Tag color={DOC_STATUS_COLORS.failed} icon={<ExclamationCircleOutlined />} data-testid="doc-status" tabIndex={0} aria-description={doc.status_text ?? undefined}>
          {label}
        </Tag>
      </Tooltip>
    );
  }
  const working = isIngesting(doc);
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <span>
        <Tag color={DOC_STATUS_COLORS[doc.status]} data-testid="doc-status">
          {label}
        </Tag>
      </span>
      {working ? <Progress percent={Math.floor(doc.progress * 100)} size="small" status="active" aria-label={`${doc.name} ${label}`} /> : null}
      {doc.status_text && doc.status !== 'queued' ? (
        <Typography.Text type="secondary" ellipsis={{ tooltip: doc.status_text }} style={{ fontSize: 12, maxWidth: 220 }}>
          {doc.status_text}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
