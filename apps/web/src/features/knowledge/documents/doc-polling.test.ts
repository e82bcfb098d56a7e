import { describe, expect, it } from 'vitest';
import { DOC_POLL_MS, documentsPollInterval, documentsSettledDifferently } from './doc-polling';

const doc = (id: string, status: 'queued' | 'parsing' | 'indexing' | 'done' | 'failed', segment_count = 0) => ({ id, status, segment_count });

describe('documentsPollInterval', () => {
  it('polls while any document is queued, parsing or indexing', () => {
    for (const status of ['queued', 'parsing', 'indexing'] as const) {
      expect(documentsPollInterval([doc('a', 'done'), doc('b', status)])).toBe(DOC_POLL_MS);
    }
  });

  it('stops when every document is done or failed, or there is nothing to show', () => {
    expect(documentsPollInterval([doc('a', 'done'), doc('b', 'failed')])).toBe(false);
    expect(documentsPollInterval([])).toBe(false);
    expect(documentsPollInterval(undefined)).toBe(false);
  });
});

describe('documentsSettledDifferently', () => {
  it('notices a status or segment count that changed, and documents that came or went', () => {
    expect(documentsSettledDifferently([doc('a', 'indexing')], [doc('a', 'done', 4)])).toBe(true);
    expect(documentsSettledDifferently([doc('a', 'done', 4)], [doc('a', 'done', 4), doc('b', 'queued')])).toBe(true);
    expect(documentsSettledDifferently([doc('a', 'done', 4)], [])).toBe(true);
  });

  it('is quiet for the first read and when nothing changed', () => {
    expect(documentsSettledDifferently(undefined, [doc('a', 'done')])).toBe(false);
    expect(documentsSettledDifferently([doc('a', 'parsing')], [doc('a', 'parsing')])).toBe(false);
  });
});
