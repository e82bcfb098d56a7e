import type { Chunk, ChunkOptions } from './chunk-document.js';
import type { TermCounts } from './term-counts.js';
import type { ParsedDocument } from './types.js';

/** A file made ready for a knowledge base in one trip to a thread: parsed, chunked, its words cut and its index terms counted (a short one's in the calling thread). */
export interface PreparedDocument {
  chunks: Chunk[];
  /** The chunks' index terms (each chunk cut as its headings, then its text). */
  terms: TermCounts;
}

/** What a document thread does: parse a file, or prepare it for a knowledge base (words cut by jieba with user words kept whole). */
export type WorkerTask = { kind: 'parse'; bytes: Uint8Array; fileName: string } | { kind: 'prepare'; bytes: Uint8Array; fileName: string; chunking: ChunkOptions; userWords: string[] };

export type WorkerRequest = WorkerTask & { id: number };

/** What a thread answers for `prepare`: a short document's terms are left to the caller to count. */
export type PreparedInThread = Pick<PreparedDocument, 'chunks'> & Partial<PreparedDocument>;

export type WorkerResponse =
  | { id: number; ok: true; document: ParsedDocument }
  | { id: number; ok: true; prepared: PreparedInThread }
  | { id: number; ok: false; rejected: string }
  | { id: number; ok: false; error: string };
