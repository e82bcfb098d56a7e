export { chunkDocument, type Chunk, type ChunkOptions } from './chunk-document.js';
export { detectFormat } from './detect-format.js';
export { createDocumentWorkers, type DocumentWorkers } from './document-workers.js';
export { parseDocument } from './parse-document.js';
export { segmentWords } from './segment-words.js';
export { userWordsOf, type UserWords } from './user-words.js';
export { DocumentRejected, type Block, type DocumentFormat, type ParsedDocument } from './types.js';
export { htmlToBlocks } from './parsers/html.js';
export { ocrInstalled, OCR_PACKAGE } from './parsers/image.js';
