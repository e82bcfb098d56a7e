import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../../core/index.js';
import type { VectorStore } from './vector-store.js';

export interface VectorIndexerOptions {
  store: VectorStore;
  log: Logger;
  /** Writing must have paused this long before a batch is indexed: ingestion keeps the database first. */
  quietMs?: number;
  /** Vectors per transaction: on PGlite a batch holds the one connection, so it stays short (~2–3 ms a vector). */
  batch?: number;
  /** How often pending vectors are looked for without a write in this process (another process's, or a crash's). */
  sweepMs?: number;
}

export interface VectorIndexer {
  /** Resolves once nothing is pending (tests and benchmarks). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Moves pending vectors into their HNSW index in the background. What is pending lives in the
 * database, so nothing is lost to a crash: the first sweep after a start finds it again.
 */
export function startVectorIndexer({ store, log, quietMs = 1_000, batch = 32, sweepMs = 60_000 }: VectorIndexerOptions): VectorIndexer {
  let lastWrite = 0;
  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;

  async function drain(): Promise<void> {
    while (!closed) {
      const wait = lastWrite + quietMs - Date.now();
      if (wait > 0) {
        await sleep(wait, undefined, { ref: false });
        continue;
      }
      if ((await store.indexPending(batch)) === 0) return;
      // Lets the searches and requests queued behind this batch run before the next one.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => {
        if (!closed) log.error({ err: error }, 'vector indexing failed; pending vectors are still searched exactly');
      })
      .finally(() => {
        running = undefined;
        if (again && !closed) {
          again = false;
          void run();
        }
      });
    return running;
  }

  store.onWrite(() => {
    lastWrite = Date.now();
    void run();
  });
  const sweep = setInterval(() => void run(), sweepMs);
  sweep.unref();
  void run();

  return {
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      clearInterval(sweep);
      await running;
    },
  };
}
