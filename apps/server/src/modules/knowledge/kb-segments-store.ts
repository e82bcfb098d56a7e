import { randomUUID } from 'node:crypto';
import { segmentWords, type Chunk } from '../../platform/documents/index.js';
import type { Db } from '../../platform/db/index.js';
import * as docs from './kb-documents.repo.js';
import { indexedText, type KbVectorWriter } from './kb-vectors.js';
import { indexTermsOf } from './retrieval/index-terms.js';

/** A document's chunks as segments: each with its index terms (jieba words and fallback bigrams, joined by spaces). */
export function segmentsOf(kbId: string, docId: string, chunks: Chunk[]): docs.NewKbSegment[] {
  return chunks.map((chunk, seq) => {
    const words = segmentWords(indexedText(chunk.headings, chunk.text)).filter((word) => word.trim() !== '');
    return { id: randomUUID(), kbId, docId, seq, text: chunk.text, headings: chunk.headings, tokens: indexTermsOf(words), tokenCount: words.length };
  });
}

/**
 * Replaces a document's segments, their index entries and (with pgvector) their vectors; call in the
 * transaction that holds the document's lock. `embeddings` follow `segments`, or are empty.
 */
export async function storeSegments(tx: Db, vectors: KbVectorWriter, kbId: string, docId: string, segments: docs.NewKbSegment[], embeddings: number[][]): Promise<void> {
  await docs.replaceSegments(tx, docId, kbId, segments);
  if (await vectors.available()) {
    await vectors.replaceForDocument(
      tx,
      docId,
      kbId,
      embeddings.map((embedding, index) => ({ segmentId: segments[index]!.id, embedding })),
    );
  }
}

/** Benchmarks seed large knowledge bases through the same steps, without HTTP or jobs. */
export const seedingSteps = { segmentsOf, storeSegments, insertDocuments: docs.insertDocuments };
