import type { KbSearchHit } from '@agent-platform/contracts';
import { Flex, Tag, Typography } from 'antd';
import { KB_SEARCH_TEXT as TEXT } from '../constants';
import { SegmentPath } from '../segments/SegmentItem';
import styles from '../segments/Segments.module.css';

const score = (value: number) => value.toFixed(4);

/** One retrieved segment with its final score and the scores it was fused from. */
export function SearchHitCard({ hit, rank }: { hit: KbSearchHit; rank: number }) {
  const parts: Array<[label: string, value: number | null]> = [
    [TEXT.fulltextScore, hit.fulltext_score],
    [TEXT.vectorScore, hit.vector_score],
    [TEXT.rerankScore, hit.rerank_score],
  ];
  return (
    <div className={styles.segment} data-testid="kb-search-hit">
      <Flex align="center" gap={8} wrap className={styles.segmentHeader}>
        <Tag color="blue" bordered={false}>
          {`#${rank}`}
        </Tag>
        <Tag color="green" data-testid="kb-search-score">{`${TEXT.score} ${score(hit.score)}`}</Tag>
        {parts.map(([label, value]) => (value === null ? null : <Tag key={label} bordered={false}>{`${label} ${score(value)}`}</Tag>))}
        <SegmentPath docName={hit.doc_name} headings={hit.headings} />
      </Flex>
      <Typography.Paragraph className={styles.text} ellipsis={{ rows: 6, expandable: 'collapsible' }}>
        {hit.text}
      </Typography.Paragraph>
    </div>
  );
}
