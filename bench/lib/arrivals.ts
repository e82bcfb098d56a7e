import { setTimeout as sleep } from 'node:timers/promises';

/** Starts `count` calls, call i at i × spreadMs / count (all at once when spreadMs is 0), and waits for all. */
export function startSpread<T>(count: number, spreadMs: number, call: () => Promise<T>): Promise<T[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      if (spreadMs > 0) await sleep((i * spreadMs) / count);
      return call();
    }),
  );
}
