import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MeasuringStream } from './measure.js';
import { assertSafeKey, BlobNotFoundError, type BlobStore } from './types.js';

/**
 * Blobs as files in a folder. A write goes to `.partial/<random>` and is renamed into place once
 * complete and synced, so a crash never leaves half a file under a key.
 */
export function createLocalBlobStore(root: string): BlobStore {
  const partialDir = path.join(root, '.partial');
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  // Folders made by this process: a folder of a thousand uploads asks for each once, not twice per file.
  const made = new Set<string>();
  const folder = async (dir: string) => {
    if (made.has(dir)) return;
    await fsp.mkdir(dir, { recursive: true });
    made.add(dir);
  };
  /** Writes `body` to a new partial file and syncs it, through one open file. */
  async function writePartial(partial: string, body: Readable, measure: MeasuringStream) {
    const handle = await fsp.open(partial, 'wx', 0o600);
    try {
      await pipeline(body, measure, async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) await handle.writeFile(chunk);
      });
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    async health() {
      try {
        await fsp.mkdir(root, { recursive: true });
        await fsp.access(root, fs.constants.W_OK);
        const stats = await fsp.statfs(root);
        return { store: 'local', location: root, freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
      } catch (error) {
        throw new Error(`存储目录 ${root} 无法写入（${(error as NodeJS.ErrnoException).code ?? '未知错误'}）`, { cause: error });
      }
    },

    async put(key, body, { maxBytes }) {
      const target = fileOf(key);
      await folder(partialDir);
      await folder(path.dirname(target));
      const partial = path.join(partialDir, randomUUID());
      const measure = new MeasuringStream(maxBytes);
      try {
        await writePartial(partial, body, measure);
        await fsp.rename(partial, target).catch(async (error: NodeJS.ErrnoException) => {
          // The folder was removed since this process made it.
          if (error.code !== 'ENOENT') throw error;
          made.clear();
          await folder(path.dirname(target));
          await fsp.rename(partial, target);
        });
      } catch (error) {
        await fsp.rm(partial, { force: true });
        throw error;
      }
      return measure.result();
    },

    async get(key, range) {
      const file = fileOf(key);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
        throw error;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {}) as Readable;
    },

    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}
