import type { Db } from '../../platform/db/index.js';

/**
 * What ingestion needs of the vector store (retrieval/vector-store.ts). Where pgvector is missing,
 * `available()` is false and the writes do nothing.
 */
export interface KbVectorWriter {
  available(): Promise<boolean>;
  /** Vectors of segments just written (that have none yet), any number of documents at once. */
  addForNewSegments(db: Db, kbId: string, rows: Array<{ segmentId: string; embedding: number[] }>): Promise<void>;
  upsertSegment(db: Db, segmentId: string, kbId: string, embedding: number[]): Promise<void>;
}

/**
 * Texts per embedding call, so progress moves and a failure costs little: one request at the gateway's
 * default batch (`LLM_EMBED_BATCH_SIZE`, 64), and one usage row, for most documents.
 */
export const EMBED_BATCH = 64;
