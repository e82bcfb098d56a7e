import type { SqlLimits } from './sql-client.js';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** One cell as JSON: numbers stay numbers (decimals and big integers too, when exact enough to chart), dates as ISO text, bytes described. */
function cellOf(value: unknown, numeric: boolean, maxChars: number): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value)) return `<二进制 ${value.length} 字节>`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (numeric && DECIMAL.test(text) && Math.abs(Number(text)) < Number.MAX_SAFE_INTEGER) return Number(text);
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
}

/**
 * Rows as the result carries them: at most `maxRows`, cells cut to `maxCellChars`, the whole at most
 * `maxResultChars`. `truncated` says that something was left out.
 */
export function keptRows(rows: unknown[][], numericColumns: boolean[], limits: SqlLimits): { rows: unknown[][]; truncated: boolean } {
  const kept: unknown[][] = [];
  let chars = 0;
  for (const row of rows) {
    if (kept.length >= limits.maxRows) return { rows: kept, truncated: true };
    const cells = row.map((value, index) => cellOf(value, numericColumns[index] ?? false, limits.maxCellChars));
    chars += JSON.stringify(cells).length;
    if (chars > limits.maxResultChars) return { rows: kept, truncated: true };
    kept.push(cells);
  }
  return { rows: kept, truncated: false };
}
