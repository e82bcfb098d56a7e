import { DB_TYPE_LABELS, DEP_DETAIL_LABELS, LLM_TYPE_LABELS, MCP_TRANSPORT_LABELS, type DepDetailValue } from '@agent-platform/contracts';
import { formatBytes, formatDateTime, formatNumber } from '../../lib/format';
import { DEPS_TEXT as TEXT } from './constants';

/** `3 天 4 小时`, `12 分钟`, `40 秒`: the two largest units. */
export function formatDuration(seconds: number): string {
  const units: Array<[number, string]> = [
    [86_400, '天'],
    [3_600, '小时'],
    [60, '分钟'],
    [1, '秒'],
  ];
  const parts: string[] = [];
  let left = Math.max(0, Math.round(seconds));
  for (const [size, name] of units) {
    const count = Math.floor(left / size);
    if (count > 0 || (size === 1 && parts.length === 0)) parts.push(`${count} ${name}`);
    left -= count * size;
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

/** Facts whose values are names from a list: shown by their Chinese label. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  type: LLM_TYPE_LABELS,
  db_type: DB_TYPE_LABELS,
  transport: MCP_TRANSPORT_LABELS,
  dialect: { pglite: 'PGlite（内置）', postgres: 'PostgreSQL' },
};

function formatValue(key: string, value: DepDetailValue): string {
  if (value === null) return TEXT.noError;
  if (typeof value === 'boolean') return value ? TEXT.yes : TEXT.no;
  if (typeof value === 'number') {
    if (key.endsWith('_bytes')) return formatBytes(value);
    if (key.endsWith('_seconds')) return formatDuration(value);
    return formatNumber(value);
  }
  if (key.endsWith('_at')) return formatDateTime(value);
  return VALUE_LABELS[key]?.[value] ?? value;
}

/** A dependency's facts as the page lists them: Chinese label, readable value. */
export function detailLines(details: Record<string, DepDetailValue>): Array<{ key: string; label: string; value: string }> {
  return Object.entries(details).map(([key, value]) => ({ key, label: DEP_DETAIL_LABELS[key] ?? key, value: formatValue(key, value) }));
}
