import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { FileIcon } from '../components/FileIcon';
import { FileMeta } from '../components/FileMeta';
import { FILES_TOAST, PREVIEW_TEXT } from '../constants';
import { FilePreview } from '../preview/FilePreview';
import { PreviewFallback, PreviewLoading } from '../preview/PreviewStates';
import { useDownloadFile, useFileDetail } from '../queries';
import styles from './FilePreviewPage.module.css';

/** files/preview?file_id=…: one file on a page of its own (outside the main layout), shown by its type. */
export default function FilePreviewPage() {
  const [params] = useSearchParams();
  const fileId = params.get('file_id');
  const detail = useFileDetail(fileId);
  const download = useDownloadFile();

  if (!fileId) return <PreviewFallback status="warning" title={PREVIEW_TEXT.missingId} hint={PREVIEW_TEXT.missingIdHint} />;
  if (detail.isPending) return <PreviewLoading />;
  if (detail.isError) return <PreviewFallback status="warning" title={PREVIEW_TEXT.notFound} hint={detail.error.message} />;
  const entry = detail.data;
  const save = () => download.mutate(entry, { onError: (error) => toast.error(FILES_TOAST.downloadFailed, { description: error.message }) });

  return (
    <div className={styles.page}>
      <Card className={styles.header} size="small">
        <Flex align="center" gap={12} wrap>
          <FileIcon entry={entry} size={28} />
          <div className={styles.title}>
            <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: entry.name }}>
              {entry.name}
            </Typography.Title>
            <FileMeta entry={entry} />
          </div>
          <Button type="primary" icon={<DownloadOutlined />} loading={download.isPending} onClick={save}>
            {PREVIEW_TEXT.download}
          </Button>
        </Flex>
      </Card>
      <FilePreview file={entry} onDownload={save} />
    </div>
  );
}
