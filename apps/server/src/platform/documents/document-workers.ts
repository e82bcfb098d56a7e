import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ChunkOptions } from './chunk-document.js';
import { countChunkTerms } from './prepare-document.js';
import { DocumentRejected, REJECT, type ParsedDocument } from './types.js';
import type { UserWords } from './user-words.js';
import type { PreparedDocument, PreparedInThread, WorkerRequest, WorkerResponse, WorkerTask } from './worker-protocol.js';

export interface DocumentWorkers {
  parse(input: { bytes: Uint8Array; fileName: string }, options?: { signal?: AbortSignal }): Promise<ParsedDocument>;
  /** A file parsed, chunked, cut into words and its index terms counted, in one trip to a thread: what ingestion needs of it. */
  prepare(input: { bytes: Uint8Array; fileName: string; chunking: ChunkOptions; userWords: UserWords | undefined }, options?: { signal?: AbortSignal }): Promise<PreparedDocument>;
  /** Threads alive now (each holds its own heap and parsers). */
  threads(): number;
  close(): Promise<void>;
}

interface Task {
  id: number;
  input: WorkerTask;
  resolve(result: ParsedDocument | PreparedInThread): void;
  reject(error: unknown): void;
  cleanup(): void;
}

interface Slot {
  worker: Worker;
  task?: Task;
  /** Ends the idle thread: a server at rest keeps no parser threads (tens of MB each). */
  idle?: NodeJS.Timeout;
}

/** A thread with nothing to parse for this long ends; the next document starts one again (~100 ms). */
const IDLE_MS = 30_000;

/** A file that needs more than this to parse is refused rather than allowed to exhaust the server. */
const WORKER_MEMORY_MB = 1024;

/**
 * From the production bundle (dist/main.js) the worker is dist/document-worker.js. From TypeScript source
 * (vitest, tsx) it is the .ts file beside this one, started through tsx's loader (Node 20 does not
 * apply `--import` loaders to a worker's entry, so a small CommonJS bootstrap imports it).
 */
function startWorker(resourceLimits: ResourceLimits) {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./document-worker.js', import.meta.url), { resourceLimits });
  const workerData = { tsxApi: tsxEsmApiUrl(), entry: new URL('./document-worker.ts', import.meta.url).href };
  const bootstrap = `const { workerData } = require('node:worker_threads');
    import(workerData.tsxApi)
      .then((tsx) => tsx.tsImport(workerData.entry, workerData.entry))
      .catch((error) => process.nextTick(() => { throw error; }));`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}

/** tsx's ESM API as its package.json exports it (its CommonJS twin cannot import ESM files). */
function tsxEsmApiUrl() {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = require(manifestPath) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifestPath), manifest.exports['./esm/api']!.import.default)).href;
}

/** Runs parseDocument and prepareDocument in worker threads so the event loop stays free (size = concurrency). */
export function createDocumentWorkers(options: { size: number; idleMs?: number }): DocumentWorkers {
  const size = Math.max(1, Math.floor(options.size));
  const idleMs = options.idleMs ?? IDLE_MS;
  const slots = new Set<Slot>();
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  /** Forgets a worker and ends its thread; whatever it still reports is of no interest. */
  function forget(slot: Slot) {
    clearTimeout(slot.idle);
    slots.delete(slot);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {});
    return slot.worker.terminate();
  }

  function retire(slot: Slot) {
    void forget(slot);
  }

  function settle(slot: Slot, outcome: (task: Task) => void) {
    const task = slot.task;
    if (!task) return;
    slot.task = undefined;
    slot.worker.unref();
    slot.idle = setTimeout(() => retire(slot), idleMs).unref();
    task.cleanup();
    outcome(task);
  }

  function spawn(): Slot {
    const worker = startWorker({ maxOldGenerationSizeMb: WORKER_MEMORY_MB });
    const slot: Slot = { worker };
    worker.unref();
    worker.on('message', (response: WorkerResponse) => {
      if (slot.task?.id !== response.id) return;
      settle(slot, (task) => {
        if (response.ok) task.resolve('document' in response ? response.document : response.prepared);
        else if ('rejected' in response) task.reject(new DocumentRejected(response.rejected));
        else task.reject(new Error(response.error));
      });
      dispatch();
    });
    const fail = (error: Error) => {
      retire(slot);
      const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      settle(slot, (task) => task.reject(outOfMemory ? new DocumentRejected(REJECT.tooComplex, { cause: error }) : error));
      dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`document worker exited with code ${code}`)));
    slots.add(slot);
    return slot;
  }

  function dispatch() {
    while (queue.length && !closed) {
      const slot = [...slots].find((s) => !s.task) ?? (slots.size < size ? spawn() : undefined);
      if (!slot) return;
      const task = queue.shift()!;
      clearTimeout(slot.idle);
      slot.task = task;
      slot.worker.ref();
      // A copy we can transfer: the caller's buffer stays usable and only these bytes are sent.
      const bytes = task.input.bytes.slice();
      const request: WorkerRequest = { ...task.input, id: task.id, bytes };
      slot.worker.postMessage(request, [bytes.buffer]);
    }
  }

  function run(input: WorkerTask, signal: AbortSignal | undefined) {
    return new Promise<ParsedDocument | PreparedInThread>((resolve, reject) => {
      if (closed) return reject(new Error('document workers are closed'));
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        const queued = queue.indexOf(task);
        if (queued >= 0) queue.splice(queued, 1);
        // Work is synchronous inside the worker: stopping it means ending the thread.
        const running = [...slots].find((s) => s.task === task);
        if (running) {
          retire(running);
          settle(running, () => {});
          dispatch();
        }
        task.cleanup();
        reject(signal?.reason);
      };
      const task: Task = { id: nextId++, input, resolve, reject, cleanup: () => signal?.removeEventListener('abort', onAbort) };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(task);
      dispatch();
    });
  }

  async function close() {
    closed = true;
    const error = new Error('document workers are closed');
    for (const task of queue.splice(0)) {
      task.cleanup();
      task.reject(error);
    }
    await Promise.all(
      [...slots].map(async (slot) => {
        settle(slot, (task) => task.reject(error));
        await forget(slot);
      }),
    );
  }

  return {
    parse: (input, { signal } = {}) => run({ kind: 'parse', ...input }, signal) as Promise<ParsedDocument>,
    prepare: async ({ userWords, ...input }, { signal } = {}) => {
      const prepared = (await run({ kind: 'prepare', ...input, userWords: userWords?.words ?? [] }, signal)) as PreparedInThread;
      return { chunks: prepared.chunks, terms: prepared.terms ?? countChunkTerms(prepared.chunks, userWords) };
    },
    threads: () => slots.size,
    close,
  };
}
