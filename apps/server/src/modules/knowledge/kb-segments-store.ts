import { randomUUID } from 'node:crypto';
import { segmentWords, type Chunk, type UserWords } from '../../platform/documents/index.js';
import type { Db } from '../../platform/db/index.js';
import * as docs from './kb-documents.repo.js';
import { indexedText, type KbVectorWriter } from './kb-vectors.js';
import { indexTermsOf } from './retrieval/index-terms.js';

/** A segment's index terms (jieba words, then fallback bigrams) and its length in words. */
function indexFieldsOfWords(cut: string[]): Pick<docs.NewKbSegment, 'terms' | 'tokenCount'> {
  const words = cut.filter((word) => word.trim() !== '');
  return { terms: indexTermsOf(words), tokenCount: words.length };
}

/** The index fields of one text cut with the knowledge base's user words kept whole. */
export const indexFieldsOf = (content: string, userWords: UserWords | undefined) => indexFieldsOfWords(segmentWords(content, userWords));

/** Cuts texts into words (`segmentWords` with the knowledge base's user words), e.g. in the document threads. */
export type WordCutter = (texts: string[]) => Promise<string[][]>;

/** A document's chunks as segments. */
export async function segmentsOf(kbId: string, docId: string, chunks: Chunk[], cut: WordCutter): Promise<docs.NewKbSegment[]> {
  const words = await cut(chunks.map((chunk) => indexedText(chunk.headings, chunk.text)));
  return chunks.map((chunk, seq) => ({
    id: randomUUID(),
    kbId,
    docId,
    seq,
    text: chunk.text,
    headings: chunk.headings,
    ...indexFieldsOfWords(words[seq] ?? []),
  }));
}

/** Prepared documents committed together: one transaction, one index group for all their segments. */
export const COMMIT_GROUP = 25;

/** One document's new segments and (with pgvector and an embedding model) their vectors, in the same order or empty. */
export interface DocumentSegments {
  docId: string;
  segments: docs.NewKbSegment[];
  embeddings: number[][];
}

/**
 * Replaces the documents' segments, their index entries and vectors, all in one set of statements; call
 * in the transaction that holds the documents' locks.
 */
export async function storeSegments(tx: Db, vectors: KbVectorWriter, kbId: string, documents: DocumentSegments[]): Promise<void> {
  if (documents.length === 0) return;
  await docs.replaceSegments(
    tx,
    documents.map((doc) => doc.docId),
    kbId,
    documents.flatMap((doc) => doc.segments),
  );
  if (!documents.some((doc) => doc.embeddings.length > 0) || !(await vectors.available())) return;
  for (const { docId, segments, embeddings } of documents) {
    await vectors.replaceForDocument(
      tx,
      docId,
      kbId,
      embeddings.map((embedding, index) => ({ segmentId: segments[index]!.id, embedding })),
    );
  }
}

/** Benchmarks seed large knowledge bases through the same steps, without HTTP or jobs. */
export const seedingSteps = { segmentsOf, storeSegments, insertDocuments: docs.insertDocuments, commitGroup: COMMIT_GROUP };
