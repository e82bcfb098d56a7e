import v8 from 'node:v8';
import vm from 'node:vm';
import type { UploadFilesResult } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, createReferenceRegistry } from '../../core/index.js';
import { testConfig } from '../../../test/harness.js';
import { createFileModule } from './index.js';
import { startFilesTestApp, uploadOne, type FilesTestContext } from '../../../test/fixtures/files.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
/**
 * V8 frees the bytes of dead buffers on a background thread after a collection, and the next
 * collection waits for that: one collection alone left up to 20 MB of freed buffers counted as held.
 */
const collectGarbage = () => {
  gc();
  gc();
};

const MB = 1024 * 1024;
const SIZE = 50 * MB;

/** A multipart body of one `files` part of `size` bytes, produced a chunk at a time (the client holds 1 MiB). */
function streamedForm(boundary: string, size: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(MB).fill(120);
  const head = new TextEncoder().encode(
    `--${boundary}\r\ncontent-disposition: form-data; name="path"\r\n\r\n/大文件\r\n--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="big.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  let sent = -1;
  return new ReadableStream({
    pull(controller) {
      if (sent === -1) controller.enqueue(head);
      else if (sent < size) controller.enqueue(chunk.subarray(0, Math.min(MB, size - sent)));
      else {
        controller.enqueue(tail);
        controller.close();
      }
      sent = sent === -1 ? 0 : sent + MB;
    },
  });
}

const memory = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

describe('streaming uploads and files in use', () => {
  let c: FilesTestContext;
  beforeAll(async () => {
    c = await startFilesTestApp();
  });
  afterAll(() => c.close());

  it('a 50 MB upload streams to storage: what the process keeps alive stays far below 50 MB', async () => {
    collectGarbage();
    const baseline = memory();
    let peak = 0;
    let samples = 0;
    // Collect garbage before each sample, so the samples show what is held, not what awaits collection.
    // The pause between samples grows with the collection's cost, so a busy machine is not starved.
    let sampling = true;
    let timer: NodeJS.Timeout | undefined;
    const sample = () => {
      const started = performance.now();
      collectGarbage();
      peak = Math.max(peak, memory() - baseline);
      samples += 1;
      if (sampling) timer = setTimeout(sample, Math.max(200, 5 * (performance.now() - started)));
    };
    timer = setTimeout(sample, 200);
    const boundary = 'streamed-boundary-7e3f';
    try {
      const response = await fetch(`${c.base}/api/kb/files/upload`, {
        method: 'POST',
        headers: { 'access-token': c.alice, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: streamedForm(boundary, SIZE),
        duplex: 'half',
        signal: AbortSignal.timeout(100_000),
      } as RequestInit);
      const answer = (await response.json()) as { code: number; data: UploadFilesResult };
      expect(answer.code).toBe(200);
      expect(answer.data.uploaded.map((entry) => [entry.name, entry.path, entry.size])).toEqual([['big.bin', '/大文件', SIZE]]);
    } finally {
      sampling = false;
      clearTimeout(timer);
    }
    expect(samples).toBeGreaterThan(0);
    expect(peak).toBeLessThan(20 * MB);
  }, 120_000);

  it('a file some module reports in use is not deleted, nor the folder that holds it', async () => {
    const file = await uploadOne(c, c.bob, '手册.pdf', '%PDF', { path: '/知识库/产品' });
    const unused = await uploadOne(c, c.bob, '其他.txt', 'x', { path: '/其他' });
    const files = createFileModule({
      db: c.t.database.db,
      config: testConfig({ STORAGE_DIR: c.storageDir }),
      log: c.t.app.log,
      references: createReferenceRegistry([
        {
          references: [
            {
              from: 'knowledge_base',
              label: '知识库',
              to: 'file',
              blocksDelete: true,
              find: async (ids) => (ids?.includes(file.id) ? [{ from: { kind: 'knowledge_base', id: 'kb-1', name: '产品手册' }, to: file.id }] : []),
            },
          ],
        },
        {
          references: [
            { from: 'tool', label: '工具', to: 'file', blocksDelete: false, find: async (ids) => (ids ?? []).map((id) => ({ from: { kind: 'tool', id: 't-1', name: '不拦删除' }, to: id })) },
          ],
        },
      ]),
    });
    const bob = { id: (await c.t.userRow('files_bob'))!.id as string, role: 'user' as const };
    const folderId = (await c.t.rows<{ id: string }>(sql`select id from files where name = '知识库'`))[0]!.id;
    for (const ids of [[file.id], [folderId], [unused.id, file.id]]) {
      const refusal = await files.service.deleteFiles(bob, ids).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ code: 'CONFLICT', message: '文件正在被使用，无法删除：知识库「产品手册」' });
    }
    expect(await c.t.count('files')).toBeGreaterThanOrEqual(5);
    expect((await files.service.openForViewer(bob, file.id)).entry.name).toBe('手册.pdf');
    await files.service.deleteFiles(bob, [unused.id]);
    expect(await files.service.openStored(unused.id)).toBeUndefined();
    const stored = await files.service.openStored(file.id);
    expect(stored?.entry).toMatchObject({ name: '手册.pdf', path: '/知识库/产品' });
    const bytes: Buffer[] = [];
    for await (const piece of await stored!.open()) bytes.push(piece as Buffer);
    expect(Buffer.concat(bytes).toString()).toBe('%PDF');
  });
});
