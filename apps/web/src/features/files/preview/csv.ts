/** The delimiter a CSV/TSV file most likely uses: the one seen most in its first line, outside quotes. */
export function guessDelimiter(text: string): string {
  const candidates = [',', '\t', ';', '|'];
  const counts = new Map(candidates.map((candidate) => [candidate, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return candidates.reduce((best, candidate) => ((counts.get(candidate) ?? 0) > (counts.get(best) ?? 0) ? candidate : best), ',');
}

export interface ParsedCsv {
  rows: string[][];
  /** True when parsing stopped at `maxRows` with more text left. */
  truncated: boolean;
}

/**
 * RFC 4180: fields in double quotes may hold the delimiter, line breaks and `""` (a quote). Lines end
 * in LF or CRLF; a byte-order mark is dropped; a trailing line break does not make an empty row.
 */
export function parseCsv(input: string, options: { delimiter?: string; maxRows?: number } = {}): ParsedCsv {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const delimiter = options.delimiter ?? guessDelimiter(text);
  const maxRows = options.maxRows ?? Infinity;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;

  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };

  while (index < text.length) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRow();
      if (rows.length >= maxRows) return { rows, truncated: index + 1 < text.length };
    } else field += char;
    index += 1;
  }
  if (field !== '' || row.length > 0) endRow();
  return { rows, truncated: false };
}
