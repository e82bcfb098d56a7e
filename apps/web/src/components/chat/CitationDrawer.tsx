import { Descriptions, Drawer, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { RetrievedSource } from '../../lib/chat-messages';
import styles from './Citations.module.css';
import { CHAT_TEXT as TEXT } from './constants';

export interface OpenCitation {
  index: number;
  /** Undefined when the answer cites a number it was not given. */
  source: RetrievedSource | undefined;
}

interface CitationDrawerProps {
  citation: OpenCitation | null;
  /** A knowledge base's name when the source does not carry it. */
  kbName?: (kbId: string) => string | undefined;
  /** What a page offers for the cited document (e.g. download, preview). */
  actions?: (source: RetrievedSource) => ReactNode;
  onClose: () => void;
}

/** A cited source: the segment's text, its document and knowledge base, and what a page offers for it. */
export function CitationDrawer({ citation, kbName, actions, onClose }: CitationDrawerProps) {
  const source = citation?.source ?? null;
  return (
    <Drawer open={citation !== null} title={citation ? TEXT.citationTitle(citation.index) : ''} size={520} onClose={onClose} destroyOnHidden>
      {source ? (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={TEXT.document}>{source.doc_name}</Descriptions.Item>
            <Descriptions.Item label={TEXT.knowledgeBase}>{source.kb_name ?? kbName?.(source.kb_id) ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={TEXT.score}>{source.score.toFixed(4)}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph className={styles.sourceText} data-testid="citation-text">
            {source.text}
          </Typography.Paragraph>
          {actions?.(source)}
        </Flex>
      ) : (
        <Typography.Text type="secondary">{TEXT.missing}</Typography.Text>
      )}
    </Drawer>
  );
}
