import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures/documents/index.js';
import { DocumentRejected } from './types.js';
import { ZIP_LIMITS, checkZipArchive, listZipEntries, readZipEntry } from './zip-archive.js';

const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentRejected);
    return (error as DocumentRejected).reason;
  }
  throw new Error('accepted');
};

describe('zip archives', () => {
  const zip = zipSync({ 'a.txt': strToU8('你好'.repeat(1000)), 'b/stored.txt': [strToU8('原样'), { level: 0 }] });

  it('lists entries with their declared sizes and unpacks them', () => {
    const entries = checkZipArchive(zip);
    expect(entries.map((e) => [e.name, e.size])).toEqual([
      ['a.txt', 6000],
      ['b/stored.txt', 6],
    ]);
    expect(new TextDecoder().decode(readZipEntry(zip, entries[1]!))).toBe('原样');
  });

  it('refuses too many entries, too much declared content, or an absurd ratio', () => {
    expect(reason(() => checkZipArchive(zip, { ...ZIP_LIMITS, maxEntries: 1 }))).toBe('压缩内容过大，疑似压缩炸弹');
    expect(reason(() => checkZipArchive(zip, { ...ZIP_LIMITS, maxTotalBytes: 5000 }))).toBe('压缩内容过大，疑似压缩炸弹');
    expect(reason(() => checkZipArchive(zip, { ...ZIP_LIMITS, ratioFloorBytes: 1000, maxRatio: 10 }))).toBe('压缩内容过大，疑似压缩炸弹');
    expect(reason(() => checkZipArchive(readFixture('bomb.docx').bytes))).toBe('压缩内容过大，疑似压缩炸弹');
  });

  it('refuses an entry that unpacks to more than it declares', () => {
    const lying = zip.slice();
    const entry = listZipEntries(lying)[0]!;
    // Shrink the declared size in the central directory (local headers are not trusted for sizes).
    const view = new DataView(lying.buffer);
    const centralOffset = view.getUint32(lying.length - 22 + 16, true);
    view.setUint32(centralOffset + 24, entry.size - 100, true);
    expect(reason(() => checkZipArchive(lying))).toBe('压缩内容过大，疑似压缩炸弹');
  });

  it('calls a truncated archive damaged', () => {
    expect(reason(() => listZipEntries(zip.subarray(0, zip.length - 30)))).toBe('文件已损坏，无法解析');
  });
});
