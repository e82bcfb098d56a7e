import type { Db } from '../../platform/db/index.js';

/**
 * What ingestion needs of the vector store (retrieval/vector-store.ts). Where pgvector is missing,
 * `available()` is false and the writes do nothing.
 */
export interface KbVectorWriter {
  available(): Promise<boolean>;
  replaceForDocument(db: Db, docId: string, kbId: string, rows: Array<{ segmentId: string; embedding: number[] }>): Promise<void>;
  upsertSegment(db: Db, segmentId: string, kbId: string, embedding: number[]): Promise<void>;
}

/** Embedding requests carry this many texts at most, so progress moves and a failure costs little. */
export const EMBED_BATCH = 32;
