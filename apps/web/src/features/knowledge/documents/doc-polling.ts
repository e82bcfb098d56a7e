import type { KbDocStatus, KbDocument } from '@agent-platform/contracts';

/** How often the document list is read again while something is being ingested. */
export const DOC_POLL_MS = 1_500;

const WORKING: ReadonlySet<KbDocStatus> = new Set(['queued', 'parsing', 'indexing']);

export const isIngesting = (doc: Pick<KbDocument, 'status'>) => WORKING.has(doc.status);

/** TanStack Query's `refetchInterval`: poll while any listed document is queued, parsing or indexing. */
export function documentsPollInterval(docs: ReadonlyArray<Pick<KbDocument, 'status'>> | undefined): number | false {
  return docs?.some(isIngesting) ? DOC_POLL_MS : false;
}

const fingerprint = (docs: ReadonlyArray<Pick<KbDocument, 'id' | 'status' | 'segment_count'>>) => docs.map((doc) => `${doc.id}:${doc.status}:${doc.segment_count}`).join('|');

/** A document finished, failed, appeared or went: the knowledge base's counts and segments changed too. */
export function documentsSettledDifferently(
  before: ReadonlyArray<Pick<KbDocument, 'id' | 'status' | 'segment_count'>> | undefined,
  after: ReadonlyArray<Pick<KbDocument, 'id' | 'status' | 'segment_count'>>,
): boolean {
  return before !== undefined && fingerprint(before) !== fingerprint(after);
}
