import { chunkDocument, type Chunk, type ChunkOptions } from './chunk-document.js';
import { indexedText } from './index-terms.js';
import { parseDocument } from './parse-document.js';
import { segmentWords } from './segment-words.js';
import { countTerms, type TermCounts } from './term-counts.js';
import type { UserWords } from './user-words.js';
import type { PreparedDocument } from './worker-protocol.js';

export interface PrepareInput {
  bytes: Uint8Array;
  fileName: string;
  chunking: ChunkOptions;
}

/**
 * Documents this short are cut into words in the calling thread: jieba takes less than the trip to a
 * thread and back, and a thread that only parses short notes never loads jieba's dictionary (~37 MB per
 * thread, which the allocator keeps after the thread ends: +75 MB at rest after a folder of notes).
 */
const CUT_HERE_CHARS = 4_000;

export async function chunkFile(input: PrepareInput): Promise<Chunk[]> {
  return chunkDocument(await parseDocument({ bytes: input.bytes, fileName: input.fileName }), input.chunking);
}

/** Each chunk's index terms, cut as its headings, then its text. */
export const countChunkTerms = (chunks: Chunk[], userWords: UserWords | undefined): TermCounts =>
  countTerms(chunks.map((chunk) => segmentWords(indexedText(chunk.headings, chunk.text), userWords)));

/** Whether a document is short enough to be cut in the calling thread. */
export const isShort = (chunks: Chunk[]) => chunks.reduce((sum, chunk) => sum + chunk.text.length, 0) <= CUT_HERE_CHARS;

/** Parses a file, chunks it and counts each chunk's index terms. */
export async function prepareDocument(input: PrepareInput, userWords: UserWords | undefined): Promise<PreparedDocument> {
  const chunks = await chunkFile(input);
  return { chunks, terms: countChunkTerms(chunks, userWords) };
}
