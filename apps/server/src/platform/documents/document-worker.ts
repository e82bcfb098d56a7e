// Worker thread entry: parses documents for the pool in document-workers.ts. Bundled on its own as
// dist/document-worker.js (scripts/build.mjs).
import { parentPort } from 'node:worker_threads';
import { parseDocument } from './parse-document.js';
import { DocumentRejected } from './types.js';
import type { WorkerRequest, WorkerResponse } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('document-worker.ts runs only as a worker thread');

port.on('message', async ({ id, bytes, fileName }: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    response = { id, ok: true, document: await parseDocument({ bytes, fileName }) };
  } catch (error) {
    response = error instanceof DocumentRejected ? { id, ok: false, rejected: error.reason } : { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
});
