import { DownloadOutlined, FileUnknownOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { PREVIEW_TEXT } from '../constants';

export function PreviewLoading() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin description={PREVIEW_TEXT.loading} />
    </Flex>
  );
}

/** No preview (unsupported type, too large, unreadable): why, and the download button. */
export function PreviewFallback({ title, hint, status = 'info', onDownload }: { title: string; hint?: ReactNode; status?: 'info' | 'warning' | 'error'; onDownload?: () => void }) {
  return (
    <Result
      status={status}
      icon={status === 'info' ? <FileUnknownOutlined /> : undefined}
      title={title}
      subTitle={hint}
      extra={
        onDownload ? (
          <Button type="primary" icon={<DownloadOutlined />} onClick={onDownload}>
            {PREVIEW_TEXT.download}
          </Button>
        ) : null
      }
    />
  );
}
