import type { AssetChart } from '@agent-platform/contracts';

const TIME_NAME = /(date|day|month|year|week|quarter|time|hour|日期|时间|月|年|周|季度|天)/i;
const TIME_VALUE = /^\d{4}(-\d{1,2}){0,2}([ T]\d{1,2}(:\d{2}){0,2}.*)?$/;
const PIE_MAX_SLICES = 8;

const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/**
 * The chart a result's shape suggests: a time column with numbers → line; a few categories with one
 * positive number each → pie; categories with numbers → bar; anything else (one row, no numbers,
 * no category) → none.
 */
export function suggestChart(columns: string[], rows: unknown[][]): AssetChart {
  const none: AssetChart = { type: 'none', x: null, y: [] };
  if (rows.length < 2 || columns.length < 2) return none;
  const numeric = columns.map((_, index) => rows.every((row) => row[index] === null || isNumber(row[index])) && rows.some((row) => isNumber(row[index])));
  const xIndex = numeric.findIndex((isNumeric, index) => !isNumeric || (index === 0 && TIME_NAME.test(columns[0]!)));
  if (xIndex < 0) return none;
  const y = columns.filter((_, index) => numeric[index] && index !== xIndex);
  if (y.length === 0) return none;
  const x = columns[xIndex]!;
  const timeLike = TIME_NAME.test(x) || rows.every((row) => TIME_VALUE.test(String(row[xIndex])));
  if (timeLike) return { type: 'line', x, y };
  const yIndex = columns.indexOf(y[0]!);
  const positive = rows.every((row) => isNumber(row[yIndex]) && (row[yIndex] as number) > 0);
  if (y.length === 1 && rows.length <= PIE_MAX_SLICES && positive) return { type: 'pie', x, y };
  return { type: 'bar', x, y };
}
