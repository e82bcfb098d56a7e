import type { AssetChart, MessageInfo, StreamEvent } from '@agent-platform/contracts';
import { applyStreamEvent, fromMessageInfo, type ChatMessageView } from '../../lib/chat-messages';

export interface AssetResultView {
  sql: string;
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
  durationMs: number;
}

/** An asset chat answer: the SQL tried and refused, the rows, the chart, a pause for confirmation. */
export interface AssetMessageView extends ChatMessageView {
  failedSql?: Array<{ sql: string; error: string }>;
  result?: AssetResultView;
  chart?: AssetChart;
  pause?: { sql: string; formatted: string } | null;
}

export function applyAssetEvent(message: AssetMessageView, event: StreamEvent): AssetMessageView {
  switch (event.event) {
    case 'observation':
      return { ...message, pause: null, failedSql: [...(message.failedSql ?? []), { sql: String(event.data.output ?? ''), error: event.data.error ?? '' }] };
    case 'result': {
      const { sql, columns, rows, truncated, duration_ms } = event.data;
      return { ...message, pause: null, result: { sql, columns, rows, truncated, durationMs: duration_ms } };
    }
    case 'chart':
      return { ...message, chart: event.data };
    case 'await': {
      const payload = (event.data.payload ?? {}) as { sql?: string; formatted?: string };
      return { ...message, pause: { sql: payload.sql ?? '', formatted: payload.formatted ?? payload.sql ?? '' } };
    }
    default:
      return applyStreamEvent(message, event) as AssetMessageView;
  }
}

/** A stored answer with the SQL, the rows and the chart the server kept in its `meta`. */
export function fromAssetMessage(info: MessageInfo): AssetMessageView {
  const base = fromMessageInfo(info);
  const meta = (info.meta ?? {}) as { sql?: unknown; result?: { columns?: unknown; rows?: unknown; truncated?: unknown; duration_ms?: unknown }; chart?: AssetChart };
  if (typeof meta.sql !== 'string' || !meta.result || !Array.isArray(meta.result.columns) || !Array.isArray(meta.result.rows)) return base;
  return {
    ...base,
    result: {
      sql: meta.sql,
      columns: meta.result.columns.map(String),
      rows: meta.result.rows as unknown[][],
      truncated: meta.result.truncated === true,
      durationMs: Number(meta.result.duration_ms ?? 0),
    },
    chart: meta.chart,
  };
}
