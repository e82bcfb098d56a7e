import { chunkDocument, type ChunkOptions } from './chunk-document.js';
import { indexedText } from './index-terms.js';
import { parseDocument } from './parse-document.js';
import { segmentWords } from './segment-words.js';
import { countTerms } from './term-counts.js';
import type { UserWords } from './user-words.js';
import type { PreparedDocument } from './worker-protocol.js';

/** Parses a file, chunks it and counts each chunk's index terms (in a document thread: all of it is CPU). */
export async function prepareDocument(input: { bytes: Uint8Array; fileName: string; chunking: ChunkOptions }, userWords: UserWords | undefined): Promise<PreparedDocument> {
  const chunks = chunkDocument(await parseDocument({ bytes: input.bytes, fileName: input.fileName }), input.chunking);
  const words = chunks.map((chunk) => segmentWords(indexedText(chunk.headings, chunk.text), userWords));
  return { chunks, terms: countTerms(words) };
}
