/**
 * Text files from Chinese users are often GB18030/GBK rather than UTF-8: UTF-8 when the bytes are
 * valid UTF-8 (a BOM is dropped), GB18030 otherwise.
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** Where to cut bytes so a UTF-8 character split at the end is left out whole. */
function utf8Boundary(bytes: Uint8Array): number {
  for (let index = bytes.length - 1; index >= Math.max(0, bytes.length - 4); index -= 1) {
    const byte = bytes[index] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for the lead
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return index + length <= bytes.length ? bytes.length : index;
  }
  return bytes.length;
}

/**
 * The first `limit` bytes of a blob as text. A cut through a UTF-8 character drops that character, so
 * the cut does not make valid UTF-8 look like GB18030.
 */
export async function readText(blob: Blob, limit: number): Promise<{ text: string; truncated: boolean }> {
  const truncated = blob.size > limit;
  const bytes = new Uint8Array(await blob.slice(0, limit).arrayBuffer());
  return { text: decodeText(truncated ? bytes.subarray(0, utf8Boundary(bytes)) : bytes), truncated };
}
