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
      await fsp.mkdir(partialDir, { recursive: true });
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const partial = path.join(partialDir, randomUUID());
      const measure = new MeasuringStream(maxBytes);
      try {
        await pipeline(body, measure, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        const handle = await fsp.open(partial, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fsp.rename(partial, target);
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
