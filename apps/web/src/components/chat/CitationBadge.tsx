import type { ComponentProps } from 'react';
import type { ExtraProps } from 'react-markdown';
import styles from './Citations.module.css';
import { CHAT_TEXT as TEXT } from './constants';

/** The `<cite>` the citation plugin writes for `[n]`: a small numbered button that opens source n. */
export function citationComponent(onOpen: (index: number) => void) {
  return function CitationBadge({ node }: ComponentProps<'cite'> & ExtraProps) {
    const index = Number(node?.properties.dataIndex);
    return (
      <button type="button" className={styles.citation} aria-label={TEXT.citation(index)} title={TEXT.citation(index)} onClick={() => onOpen(index)}>
        {index}
      </button>
    );
  };
}
