// Worker thread entry: parses documents, or prepares them for a knowledge base, for the pool in document-workers.ts.
// Bundled on its own as dist/document-worker.js (scripts/build.mjs).
import { parentPort } from 'node:worker_threads';
import { chunkFile, countChunkTerms, isShort } from './prepare-document.js';
import { parseDocument } from './parse-document.js';
import { DocumentRejected } from './types.js';
import { userWordsOf } from './user-words.js';
import type { WorkerRequest, WorkerResponse } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('document-worker.ts runs only as a worker thread');

/** A short document's words are cut by the caller (prepare-document.ts says why). */
async function prepareInThread(request: Extract<WorkerRequest, { kind: 'prepare' }>) {
  const chunks = await chunkFile(request);
  return isShort(chunks) ? { chunks } : { chunks, terms: countChunkTerms(chunks, userWordsOf(request.userWords)) };
}

async function answer(request: WorkerRequest): Promise<WorkerResponse> {
  const { id } = request;
  return request.kind === 'parse'
    ? { id, ok: true, document: await parseDocument({ bytes: request.bytes, fileName: request.fileName }) }
    : { id, ok: true, prepared: await prepareInThread(request) };
}

port.on('message', async (request: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    response = await answer(request);
  } catch (error) {
    const { id } = request;
    response = error instanceof DocumentRejected ? { id, ok: false, rejected: error.reason } : { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  // The counted terms' arrays are moved, not copied.
  const terms = 'prepared' in response ? response.prepared.terms : undefined;
  const moved = terms ? [terms.postings.buffer as ArrayBuffer, terms.lengths.buffer as ArrayBuffer] : [];
  port.postMessage(response, moved);
});
