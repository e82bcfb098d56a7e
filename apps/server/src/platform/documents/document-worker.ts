// Worker thread entry: parses documents and cuts texts into words for the pool in document-workers.ts.
// Bundled on its own as dist/document-worker.js (scripts/build.mjs).
import { parentPort } from 'node:worker_threads';
import { parseDocument } from './parse-document.js';
import { segmentWords } from './segment-words.js';
import { DocumentRejected } from './types.js';
import { userWordsOf } from './user-words.js';
import type { WorkerRequest, WorkerResponse } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('document-worker.ts runs only as a worker thread');

function cutAll(texts: string[], words: string[]): string[][] {
  const userWords = userWordsOf(words);
  return texts.map((text) => segmentWords(text, userWords));
}

port.on('message', async (request: WorkerRequest) => {
  const { id } = request;
  let response: WorkerResponse;
  try {
    response =
      request.kind === 'parse'
        ? { id, ok: true, document: await parseDocument({ bytes: request.bytes, fileName: request.fileName }) }
        : { id, ok: true, words: cutAll(request.texts, request.userWords) };
  } catch (error) {
    response = error instanceof DocumentRejected ? { id, ok: false, rejected: error.reason } : { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
});
