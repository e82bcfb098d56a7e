import { Readable } from 'node:stream';

/** Files up to this size are read into memory and written to storage while the next part arrives. */
export const SMALL_FILE_BYTES = 256 * 1024;

/**
 * Reads up to `limit` bytes of `content`. A file that ended within them comes back whole (`whole`);
 * otherwise `rest` streams what was read followed by the remainder, for a streamed write.
 */
export async function readHead(content: Readable, limit: number): Promise<{ whole: Buffer } | { rest: Readable }> {
  const iterator = content[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return { whole: Buffer.concat(head) };
    head.push(next.value);
    size += next.value.length;
    if (size > limit) break;
  }
  async function* remainder() {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { rest: Readable.from(remainder(), { objectMode: false }) };
}

/** At most `limit` tasks at once; `drain` waits for all of them (their failures are theirs to handle). */
export function taskLimiter(limit: number) {
  const running = new Set<Promise<unknown>>();
  return {
    async add(task: () => Promise<unknown>): Promise<void> {
      while (running.size >= limit) await Promise.race(running);
      const promise = task()
        .catch(() => undefined)
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    drain: () => Promise.all(running),
  };
}
