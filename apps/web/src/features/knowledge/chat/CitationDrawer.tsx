import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Flex, Typography } from 'antd';
import type { RetrievedSource } from '../../../lib/chat-messages';
import { KB_CHAT_TEXT as TEXT, KB_PATHS } from '../constants';
import { downloadDoc } from '../documents/document-columns';
import { useDocumentFileId } from '../queries';
import styles from './KbChat.module.css';

export interface OpenCitation {
  index: number;
  /** Undefined when the answer cites a number it was not given. */
  source: RetrievedSource | undefined;
}

interface CitationDrawerProps {
  citation: OpenCitation | null;
  kbName: (kbId: string) => string | undefined;
  onClose: () => void;
}

/** A cited source: the segment's text, its document and knowledge base, and the document itself. */
export function CitationDrawer({ citation, kbName, onClose }: CitationDrawerProps) {
  const source = citation?.source ?? null;
  const fileId = useDocumentFileId(source);
  return (
    <Drawer open={citation !== null} title={citation ? TEXT.citationTitle(citation.index) : ''} size={520} onClose={onClose} destroyOnHidden>
      {source ? (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={TEXT.document}>{source.doc_name}</Descriptions.Item>
            <Descriptions.Item label={TEXT.knowledgeBase}>{source.kb_name ?? kbName(source.kb_id) ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={TEXT.score}>{source.score.toFixed(4)}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph className={styles.sourceText} data-testid="citation-text">
            {source.text}
          </Typography.Paragraph>
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
        </Flex>
      ) : (
        <Typography.Text type="secondary">{TEXT.missing}</Typography.Text>
      )}
    </Drawer>
  );
}
