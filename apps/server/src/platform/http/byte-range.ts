import type { ByteRange } from '../storage/index.js';

/**
 * Reads an HTTP `Range` header against a file of `size` bytes: the one range asked for, `'unsatisfiable'`
 * (416), or `undefined` for the whole file (no header, a malformed one, or several ranges, which a
 * server may answer with the whole file).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
