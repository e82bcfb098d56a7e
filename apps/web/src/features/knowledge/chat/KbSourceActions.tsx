import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { RetrievedSource } from '../../../lib/chat-messages';
import { KB_CHAT_TEXT as TEXT, KB_PATHS } from '../constants';
import { downloadDoc } from '../documents/document-columns';
import { useDocumentFileId } from '../queries';

/** In the citation drawer: the cited document itself, to download or preview. */
export function KbSourceActions({ source }: { source: RetrievedSource }) {
  const fileId = useDocumentFileId(source);
  return (
    <Flex gap={8}>
      <Button icon={<DownloadOutlined />} onClick={() => downloadDoc({ id: source.doc_id, name: source.doc_name })}>
        {TEXT.download}
      </Button>
      {fileId.data ? (
        <Button icon={<EyeOutlined />} href={KB_PATHS.preview(fileId.data)} target="_blank" rel="noopener noreferrer">
          {TEXT.preview}
        </Button>
      ) : null}
    </Flex>
  );
}
