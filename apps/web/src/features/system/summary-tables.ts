import type { UsageSummary } from '@agent-platform/contracts';
import { formatDateTime } from '../../lib/format';
import { SUMMARY_TEXT as TEXT } from './constants';

export interface SummaryColumn<Row> {
  title: string;
  value: (row: Row) => string | number;
  numeric?: boolean;
}

/** One table of the dashboard: what it shows and what its CSV holds are the same columns. */
export interface SummaryTableSpec<Row> {
  key: string;
  title: string;
  /** The CSV's name, without the period. */
  file: string;
  columns: Array<SummaryColumn<Row>>;
  rows: Row[];
}

const tokenColumns = <Row extends { calls: number; prompt_tokens: number; completion_tokens: number; total_tokens: number }>(): Array<SummaryColumn<Row>> => [
  { title: TEXT.calls, value: (row) => row.calls, numeric: true },
  { title: TEXT.promptTokens, value: (row) => row.prompt_tokens, numeric: true },
  { title: TEXT.completionTokens, value: (row) => row.completion_tokens, numeric: true },
  { title: TEXT.totalTokens, value: (row) => row.total_tokens, numeric: true },
];

export function summaryTables(summary: UsageSummary) {
  return {
    subjects: {
      key: 'subjects',
      title: TEXT.subjects,
      file: '智能体对话数',
      rows: summary.subjects,
      columns: [
        { title: TEXT.kind, value: (row) => TEXT.kinds[row.kind] ?? row.kind },
        { title: TEXT.name, value: (row) => row.name || `${row.id}${TEXT.deleted}` },
        { title: TEXT.conversations, value: (row) => row.conversations, numeric: true },
      ],
    } satisfies SummaryTableSpec<UsageSummary['subjects'][number]>,
    topUsers: {
      key: 'top-users',
      title: TEXT.topUsers,
      file: '用户词元用量',
      rows: summary.top_users,
      columns: [
        { title: TEXT.user, value: (row) => row.user_name || (row.user_id ? `${row.user_id}${TEXT.deleted}` : TEXT.system) },
        { title: TEXT.nickName, value: (row) => row.nick_name },
        ...tokenColumns<UsageSummary['top_users'][number]>(),
      ],
    } satisfies SummaryTableSpec<UsageSummary['top_users'][number]>,
    topAgents: {
      key: 'top-agents',
      title: TEXT.topAgents,
      file: '智能体词元用量',
      rows: summary.top_agents,
      columns: [{ title: TEXT.name, value: (row) => row.name || `${row.agent_id}${TEXT.deleted}` }, ...tokenColumns<UsageSummary['top_agents'][number]>()],
    } satisfies SummaryTableSpec<UsageSummary['top_agents'][number]>,
    failures: {
      key: 'failures',
      title: TEXT.failures,
      file: '失败运行',
      rows: summary.runs.reasons,
      columns: [
        { title: TEXT.reason, value: (row) => row.reason || TEXT.noReason },
        { title: TEXT.failedCount, value: (row) => row.runs, numeric: true },
        { title: TEXT.lastAt, value: (row) => formatDateTime(row.last_at) },
      ],
    } satisfies SummaryTableSpec<UsageSummary['runs']['reasons'][number]>,
    messages: {
      key: 'messages',
      title: TEXT.messagesChart,
      file: '每日消息数',
      rows: summary.messages_per_day,
      columns: [
        { title: TEXT.day, value: (row) => row.day },
        { title: TEXT.messages, value: (row) => row.messages, numeric: true },
      ],
    } satisfies SummaryTableSpec<UsageSummary['messages_per_day'][number]>,
    tokens: {
      key: 'tokens',
      title: TEXT.tokensChart,
      file: '每日模型词元',
      rows: summary.tokens_per_day,
      columns: [{ title: TEXT.day, value: (row) => row.day }, { title: TEXT.model, value: (row) => row.model }, ...tokenColumns<UsageSummary['tokens_per_day'][number]>()],
    } satisfies SummaryTableSpec<UsageSummary['tokens_per_day'][number]>,
  };
}

/** A table's CSV: its columns' titles, then each row's values. */
export function csvOf<Row>(spec: SummaryTableSpec<Row>): { columns: string[]; rows: Array<Array<string | number>> } {
  return { columns: spec.columns.map((column) => column.title), rows: spec.rows.map((row) => spec.columns.map((column) => column.value(row))) };
}

/** Whether the period has anything to draw: a fresh install has none. */
export const hasActivity = (summary: UsageSummary) =>
  summary.tokens_per_day.length > 0 || summary.messages_per_day.some((day) => day.messages > 0) || summary.runs.total > 0 || summary.subjects.length > 0;
