/** Text bytes to a string: a BOM decides; otherwise UTF-8, and GB18030 (a superset of GBK) when UTF-8 is invalid. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** Paragraphs separated by blank lines, each trimmed, empty ones dropped. */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\r?\n[ \t\u3000]*\r?\n/)
    .map((p) => p.replace(/\r\n?/g, '\n').trim())
    .filter(Boolean);
}

/** Rows of cells as text a reader (and a model) can follow: `列名: 值 | 列名: 值`, one row a line. */
export function tableToText(rows: string[][]): string {
  const clean = rows.map((row) => row.map((cell) => cell.replace(/\s+/g, ' ').trim())).filter((row) => row.some(Boolean));
  const [header, ...body] = clean;
  if (!header) return '';
  if (body.length === 0) return header.filter(Boolean).join(' | ');
  const names = header.map((name, i) => name || `列${i + 1}`);
  return body
    .map((row) =>
      row
        .map((value, i) => (value ? `${names[i] ?? `列${i + 1}`}: ${value}` : ''))
        .filter(Boolean)
        .join(' | '),
    )
    .join('\n');
}
