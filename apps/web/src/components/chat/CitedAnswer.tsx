import { LinkOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useMemo } from 'react';
import type { ChatMessageView } from '../../lib/chat-messages';
import { citationComponent } from './CitationBadge';
import { remarkCitations } from './citations';
import styles from './Citations.module.css';
import { CHAT_TEXT as TEXT } from './constants';
import { Markdown, type MarkdownExtension } from './Markdown';

interface CitedAnswerProps {
  message: ChatMessageView;
  /** Opens source `index` (from 1) of the answer with this key. */
  onOpenSource: (messageKey: string, index: number) => void;
}

/** An answer whose `[n]` markers are buttons opening the sources, with the sources listed under it. */
export function CitedAnswer({ message, onOpenSource }: CitedAnswerProps) {
  const sources = message.sources ?? [];
  const count = sources.length;
  const extension = useMemo<MarkdownExtension>(
    () => ({
      remarkPlugins: [[remarkCitations, { count }]],
      components: { cite: citationComponent((index) => onOpenSource(message.key, index)) },
    }),
    [count, message.key, onOpenSource],
  );
  return (
    <>
      {message.content ? <Markdown extension={extension}>{message.content}</Markdown> : null}
      {message.sources && message.status !== 'streaming' ? (
        <div className={styles.sources} data-testid="kb-sources">
          <Typography.Text type="secondary" className={styles.sourcesTitle}>
            <LinkOutlined /> {count ? TEXT.sources(count) : TEXT.noSources}
          </Typography.Text>
          <Flex gap={6} wrap>
            {sources.map((source, position) => (
              <button key={source.segment_id} type="button" className={styles.sourceChip} onClick={() => onOpenSource(message.key, position + 1)}>
                <span className={styles.sourceIndex}>{position + 1}</span>
                <span className={styles.sourceName}>{source.doc_name}</span>
              </button>
            ))}
          </Flex>
        </div>
      ) : null}
    </>
  );
}
