import zlib from 'node:zlib';
import { DocumentRejected, REJECT } from './types.js';

/** Bounds for Office files (zip archives), checked before anything is unpacked. */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxTotalBytes: 200 * 1024 * 1024,
  /** A ratio above this is refused once the unpacked total passes `ratioFloorBytes`. */
  maxRatio: 200,
  ratioFloorBytes: 20 * 1024 * 1024,
};
export type ZipLimits = typeof ZIP_LIMITS;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const MAX32 = 0xffffffff;
const corrupt = () => new DocumentRejected(REJECT.corrupt);

function findEndOfCentralDirectory(view: DataView) {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) if (view.getUint32(at, true) === 0x06054b50) return at;
  throw corrupt();
}

/** Entries from the central directory (sizes as declared: nothing is unpacked). */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfCentralDirectory(view);
  let count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if ((count === 0xffff || offset === MAX32) && end >= 20 && view.getUint32(end - 20, true) === 0x07064b50) {
    const end64 = Number(view.getBigUint64(end - 12, true));
    if (end64 + 56 > bytes.length || view.getUint32(end64, true) !== 0x06064b50) throw corrupt();
    count = Number(view.getBigUint64(end64 + 32, true));
    offset = Number(view.getBigUint64(end64 + 48, true));
  }
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) throw corrupt();
    if (view.getUint16(offset + 8, true) & 1) throw new DocumentRejected(REJECT.encrypted);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    };
    readZip64Extra(view, offset + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Fields stored as 0xFFFFFFFF are in the zip64 extra field, in this order. */
function readZip64Extra(view: DataView, start: number, length: number, entry: ZipEntry) {
  for (let at = start; at + 4 <= start + length;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      for (const key of ['size', 'compressedSize', 'localHeaderOffset'] as const) {
        if (entry[key] !== MAX32) continue;
        if (field + 8 > at + 4 + size) throw corrupt();
        entry[key] = Number(view.getBigUint64(field, true));
        field += 8;
      }
    }
    at += 4 + size;
  }
}

/** Unpacks one entry, never producing more than its declared size (a lying size is refused). */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) throw corrupt();
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw corrupt();
  if (entry.method === 0) return data;
  if (entry.method !== 8) throw corrupt();
  try {
    return zlib.inflateRawSync(data, { maxOutputLength: Math.max(entry.size, 1) });
  } catch (error) {
    if (error instanceof RangeError) throw new DocumentRejected(REJECT.zipBomb);
    throw corrupt();
  }
}

/**
 * Refuses archives whose declared or real unpacked size is out of bounds. Unpacks every entry once,
 * each capped at its declared size, so libraries that trust the archive (mammoth, exceljs) get a safe one.
 */
export function checkZipArchive(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): ZipEntry[] {
  const entries = listZipEntries(bytes);
  if (entries.length === 0) throw corrupt();
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  const packed = entries.reduce((sum, e) => sum + e.compressedSize, 0);
  const tooLarge = entries.length > limits.maxEntries || total > limits.maxTotalBytes;
  const absurdRatio = total > limits.ratioFloorBytes && total > packed * limits.maxRatio;
  if (tooLarge || absurdRatio) throw new DocumentRejected(REJECT.zipBomb);
  for (const entry of entries) {
    const unpacked = readZipEntry(bytes, entry);
    if (unpacked.length !== entry.size) throw corrupt();
  }
  return entries;
}
