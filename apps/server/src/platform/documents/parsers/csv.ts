import { decodeText, tableToText } from '../text-decode.js';
import type { ParserResult } from './parser.js';

/** The delimiter (comma, tab or semicolon) that occurs most in the first line. */
function guessDelimiter(text: string) {
  const firstLine = text.slice(0, text.indexOf('\n') + 1 || text.length);
  const counts = [',', '\t', ';'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

/** RFC 4180: quoted fields may hold delimiters, line breaks and doubled quotes. */
export function parseCsvRows(text: string, delimiter = guessDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += ch;
    }
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}

export async function parseCsv(bytes: Uint8Array): Promise<ParserResult> {
  const text = tableToText(parseCsvRows(decodeText(bytes)));
  return { blocks: text ? [{ kind: 'table', text }] : [] };
}
