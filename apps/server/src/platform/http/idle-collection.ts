import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';

/** After this long without a request the server collects its garbage, and once more after as long again. */
const IDLE_MS = 10_000;
const IDLE_COLLECTIONS = 2;

/**
 * V8's `gc()` without starting node with `--expose-gc`: the flag is on only while one context is made,
 * so no other context (a worker thread's, a vm's) gets a `gc` global.
 */
export function fullCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  v8.setFlagsFromString('--no-expose-gc');
  return gc;
}

/**
 * V8 keeps the heap a load grew — above all the young generation's two semi-spaces, 32 MB resident — and
 * gives it back only if its memory reducer happens to run once the load has gone; at rest the server held
 * 280–370 MB depending on whether it had (docs/decisions/pglite-memory.md). A full collection shrinks the
 * young generation when V8 measures a low allocation rate over the last 5 s, which the second of two
 * collections 10 s apart always sees; the second also gives back the old-generation pages the first left
 * nearly empty. Each takes 40–270 ms of one core (the latter on a loaded machine), once per quiet spell;
 * a busy server never runs them.
 */
export function collectGarbageWhenIdle(app: FastifyInstance, { idleMs = IDLE_MS, collect = fullCollection() }: { idleMs?: number; collect?: () => void } = {}): void {
  let collections = 0;
  const timer = setTimeout(() => {
    collect();
    collections += 1;
    if (collections < IDLE_COLLECTIONS) timer.refresh();
  }, idleMs).unref();
  const restart = (_request: unknown, _reply: unknown, done: () => void) => {
    collections = 0;
    timer.refresh();
    done();
  };
  app.addHook('onRequest', restart);
  app.addHook('onResponse', restart);
  app.addHook('onClose', (_instance, done) => {
    clearTimeout(timer);
    done();
  });
}
