import { afterEach, describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures/documents/index.js';
import { DocumentRejected, createDocumentWorkers, userWordsOf, type DocumentWorkers } from './index.js';
import { prepareDocument } from './prepare-document.js';
import { frequenciesOfSegment } from './term-counts.js';

/** A CSV large enough to keep a worker busy for a while (≈ 2.5 MB). */
const bigCsv = () => ({
  fileName: 'big.csv',
  bytes: new TextEncoder().encode(`编号,名称,说明\n${Array.from({ length: 50_000 }, (_, i) => `${i},产品${i},这是第${i}个产品的说明文字`).join('\n')}`),
});

let pool: DocumentWorkers | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** Which of the parses finishes first, by name. */
async function finishingOrder(workers: DocumentWorkers, inputs: { bytes: Uint8Array; fileName: string }[]) {
  const order: string[] = [];
  await Promise.all(inputs.map((input) => workers.parse(input).then(() => order.push(input.fileName))));
  return order;
}

// Each test starts threads that load the parsers: generous on a busy two-core machine.
describe('createDocumentWorkers', { timeout: 90_000 }, () => {
  it('parses in worker threads, several at once, leaving the event loop free', async () => {
    pool = createDocumentWorkers({ size: 2 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const [docx, pdf] = await Promise.all([pool.parse(readFixture('handbook.docx')), pool.parse(readFixture('chinese.pdf'))]);
    clearInterval(timer);
    expect(docx.blocks[0]).toEqual({ kind: 'heading', level: 1, text: '员工手册' });
    expect(pdf.pages).toBe(2);
    expect(ticks).toBeGreaterThan(0);
    // With two workers a small file overtakes a big one; with one they finish in the order given.
    expect(await finishingOrder(pool, [bigCsv(), readFixture('notes.txt')])).toEqual(['notes.txt', 'big.csv']);
    const single = createDocumentWorkers({ size: 1 });
    try {
      expect(await finishingOrder(single, [bigCsv(), readFixture('notes.txt')])).toEqual(['big.csv', 'notes.txt']);
    } finally {
      await single.close();
    }
  });

  it('hands refusals back as DocumentRejected with their reason, and keeps working', async () => {
    pool = createDocumentWorkers({ size: 1 });
    for (const [name, reason] of [
      ['bomb.docx', '压缩内容过大，疑似压缩炸弹'],
      ['encrypted.pdf', '文件已加密，无法解析'],
      ['empty.txt', '文件为空'],
    ]) {
      const error = await pool.parse(readFixture(name!)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DocumentRejected);
      expect((error as DocumentRejected).reason).toBe(reason);
    }
    expect((await pool.parse(readFixture('notes.txt'))).format).toBe('txt');
  });

  it('stops a parse when its signal aborts, queued or running, and the pool carries on', async () => {
    pool = createDocumentWorkers({ size: 1 });
    const running = new AbortController();
    const queued = new AbortController();
    const first = pool.parse(bigCsv(), { signal: running.signal });
    const second = pool.parse(readFixture('notes.txt'), { signal: queued.signal });
    queued.abort(new Error('queued stopped'));
    running.abort(new Error('running stopped'));
    await expect(first).rejects.toThrow('running stopped');
    await expect(second).rejects.toThrow('queued stopped');
    expect((await pool.parse(readFixture('guide.md'))).format).toBe('md');
    const already = AbortSignal.abort(new Error('too late'));
    await expect(pool.parse(readFixture('notes.txt'), { signal: already })).rejects.toThrow('too late');
  });

  it('refuses work once closed, and fails what was still waiting', async () => {
    const workers = createDocumentWorkers({ size: 1 });
    const inFlight = expect(workers.parse(bigCsv())).rejects.toThrow('closed');
    const waiting = expect(workers.parse(readFixture('notes.txt'))).rejects.toThrow('closed');
    await workers.close();
    await inFlight;
    await waiting;
    await expect(workers.parse(readFixture('notes.txt'))).rejects.toThrow('closed');
  });

  it('ends a thread that has had nothing to parse for a while, and starts one again for the next document', async () => {
    pool = createDocumentWorkers({ size: 2, idleMs: 200 });
    expect(pool.threads()).toBe(0);
    await Promise.all([pool.parse(readFixture('notes.txt')), pool.parse(readFixture('notes.txt'))]);
    // (One of the two may have ended already when the slower one finishes.)
    expect(pool.threads()).toBeGreaterThan(0);
    const workers = pool;
    await expect.poll(() => workers.threads(), { timeout: 5_000, interval: 50 }).toBe(0);
    expect((await pool.parse(readFixture('notes.txt'))).blocks.length).toBeGreaterThan(0);
    expect(pool.threads()).toBe(1);
  });

  it('prepares a file in a thread as in the process: chunks and counted terms, user words kept whole', async () => {
    pool = createDocumentWorkers({ size: 1 });
    const text = '# 武当\n\n云雀九号今天发射，张三丰创立了武当派。Rust 与 TypeScript 的知识库。\n\n'.repeat(120);
    const input = { bytes: new TextEncoder().encode(text), fileName: 'notes.md', chunking: { chunkSize: 500, overlap: 50 } };
    const userWords = userWordsOf(['云雀九号', '武当派']);
    const prepared = await pool.prepare({ ...input, userWords });
    expect(prepared).toEqual(await prepareDocument(input, userWords));
    expect(prepared.chunks.length).toBeGreaterThan(3);
    expect(prepared.terms.lengths.length).toBe(prepared.chunks.length);
    expect(frequenciesOfSegment(prepared.terms, 0).get('云雀九号')).toBeGreaterThan(0);
    expect(frequenciesOfSegment((await pool.prepare({ ...input, userWords: undefined })).terms, 0).has('云雀九号')).toBe(false);
    // A short note's words are cut here, with the same result.
    const note = { ...input, bytes: new TextEncoder().encode('云雀九号今天发射。') };
    expect(await pool.prepare({ ...note, userWords })).toEqual(await prepareDocument(note, userWords));
  });
});
