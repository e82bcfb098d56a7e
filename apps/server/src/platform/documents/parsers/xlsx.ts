import type ExcelJS from 'exceljs';
import type { Block } from '../types.js';
import { tableToText } from '../text-decode.js';
import { checkZipArchive } from '../zip-archive.js';
import type { ParserResult } from './parser.js';

function formatDate(date: Date) {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/** A cell's shown value: formulas by their result, rich text and hyperlinks by their text, dates as ISO. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDate(value);
  if (typeof value !== 'object') return String(value);
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.richText)) return (v.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
  if ('result' in v) return cellText(v.result);
  if ('text' in v) return cellText(v.text);
  if ('error' in v) return String(v.error);
  return '';
}

/** Excel: each sheet a heading, its rows a table block (`列名: 值 | …`, the first row naming the columns). */
export async function parseXlsx(bytes: Uint8Array): Promise<ParserResult> {
  checkZipArchive(bytes);
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  const blocks: Block[] = [];
  workbook.eachSheet((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cellText(cell.value);
      });
      rows.push(Array.from(cells, (c) => c ?? ''));
    });
    const text = tableToText(rows);
    if (!text) return;
    blocks.push({ kind: 'heading', level: 1, text: sheet.name }, { kind: 'table', text });
  });
  return { blocks };
}
