import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, BlobTooLargeError, createLocalBlobStore, type BlobStore } from './index.js';

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('local blob store', () => {
  let dir: string;
  let store: BlobStore;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aip-blobs-'));
    store = createLocalBlobStore(dir);
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('stores, measures, reads and deletes', async () => {
    const stored = await store.put('files/abc-1', Readable.from([Buffer.from('你好'), Buffer.from(' world')]), { maxBytes: 100 });
    expect(stored).toEqual({ size: Buffer.byteLength('你好 world'), sha256: createHash('sha256').update('你好 world').digest('hex') });
    expect(await text(await store.get('files/abc-1'))).toBe('你好 world');
    expect(await filesUnder(dir)).toEqual([path.join('files', 'abc-1')]);
    await store.delete('files/abc-1');
    await store.delete('files/abc-1');
    await expect(store.get('files/abc-1')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('a write over the limit or a failing source leaves nothing behind, not even a partial file', async () => {
    await expect(store.put('files/too-big', Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), { maxBytes: 100 })).rejects.toBeInstanceOf(BlobTooLargeError);
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(10));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('files/broken', failing, { maxBytes: 100 })).rejects.toThrow('client went away');
    expect(await filesUnder(dir)).toEqual([]);
    await expect(store.get('files/too-big')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('refuses keys that could leave the folder', async () => {
    for (const key of ['../x', '/etc/passwd', 'files/../../x', 'Files/A', 'files//a', 'a\\b']) {
      await expect(store.put(key, Readable.from(['x']), { maxBytes: 10 })).rejects.toThrow('unsafe storage key');
      await expect(store.get(key)).rejects.toThrow('unsafe storage key');
    }
  });
});
