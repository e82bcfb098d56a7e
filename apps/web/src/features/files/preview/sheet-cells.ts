/** Spreadsheet columns as Excel names them: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `2026-03-01`, or with the time when it has one (workbook dates carry no zone: they are read as UTC). */
function formatDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/**
 * What a cell shows, from exceljs's cell value: text, numbers, booleans, dates, formulas (their
 * result), rich text, hyperlinks (their text) and errors (`#DIV/0!`).
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : formatDate(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (!isRecord(value)) return '';
  if (Array.isArray(value.richText)) return value.richText.map((run: unknown) => (isRecord(run) ? String(run.text ?? '') : '')).join('');
  if ('result' in value) return cellText(value.result);
  if ('formula' in value || 'sharedFormula' in value) return '';
  if ('text' in value) return cellText(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

export interface SheetData {
  name: string;
  rows: string[][];
  /** Rows in the sheet (more than `rows` when capped). */
  totalRows: number;
}

/** Rows cut to the widest non-empty row, so trailing empty columns do not show. */
export function trimColumns(rows: string[][]): string[][] {
  const width = rows.reduce((widest, row) => {
    let last = row.length;
    while (last > 0 && row[last - 1] === '') last -= 1;
    return Math.max(widest, last);
  }, 0);
  return rows.map((row) => Array.from({ length: width }, (_, index) => row[index] ?? ''));
}
