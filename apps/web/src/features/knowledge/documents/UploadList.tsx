import { Flex, List, Progress, Typography } from 'antd';
import { KB_DOC_TEXT as TEXT } from '../constants';
import { batchProgress, uploadPercent, type DocUpload } from './use-doc-uploads';

/** The files being uploaded: the whole choice's progress, then each file's (or why it failed). */
export function UploadList({ items }: { items: DocUpload[] }) {
  if (items.length === 0) return null;
  const batch = batchProgress(items);
  return (
    <List
      size="small"
      bordered
      style={{ marginBottom: 16 }}
      header={
        <Flex vertical gap={4}>
          <Typography.Text strong>{TEXT.uploading}</Typography.Text>
          <Typography.Text type="secondary" data-testid="doc-upload-batch">
            {TEXT.uploadBatch(batch.finished, batch.total)}
          </Typography.Text>
          <Progress percent={batch.percent} size="small" aria-label={TEXT.uploading} />
        </Flex>
      }
      dataSource={items}
      renderItem={(item) => (
        <List.Item key={item.key} data-testid="doc-upload">
          <Flex vertical style={{ width: '100%' }} gap={2}>
            <Typography.Text ellipsis>{item.name}</Typography.Text>
            <Progress percent={uploadPercent(item)} size="small" status={item.status === 'failed' ? 'exception' : item.status === 'done' ? 'success' : 'active'} aria-label={item.name} />
            {item.error ? <Typography.Text type="danger">{`${TEXT.uploadFailedReason}：${item.error}`}</Typography.Text> : null}
          </Flex>
        </List.Item>
      )}
    />
  );
}
