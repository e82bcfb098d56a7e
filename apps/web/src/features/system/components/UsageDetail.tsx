import { OWNED_COUNT_LABELS, type ModelTokenUsage, type UserUsage } from '@agent-platform/contracts';
import { Descriptions, Empty, Table, type TableColumnsType } from 'antd';
import { formatNumber } from '../../../lib/format';
import { ACCOUNT_ADMIN_TEXT as TEXT } from '../constants';

/** Counts with their Chinese labels: the known kinds first, then any other kind the server reports. */
export function countEntries(counts: Record<string, number>): Array<{ key: string; label: string; value: number }> {
  const known = Object.keys(OWNED_COUNT_LABELS);
  const keys = [...known, ...Object.keys(counts).filter((key) => !known.includes(key))];
  return keys.map((key) => ({ key, label: OWNED_COUNT_LABELS[key] ?? key, value: counts[key] ?? 0 }));
}

export function sumTokens(tokens: ModelTokenUsage[]): { calls: number; total: number } {
  return tokens.reduce((sum, row) => ({ calls: sum.calls + row.calls, total: sum.total + row.total_tokens }), { calls: 0, total: 0 });
}

const TOKEN_COLUMNS: TableColumnsType<ModelTokenUsage> = [
  { title: TEXT.model, dataIndex: 'model', key: 'model' },
  { title: TEXT.calls, dataIndex: 'calls', key: 'calls', align: 'right', render: formatNumber },
  { title: TEXT.promptTokens, dataIndex: 'prompt_tokens', key: 'prompt', align: 'right', render: formatNumber },
  { title: TEXT.completionTokens, dataIndex: 'completion_tokens', key: 'completion', align: 'right', render: formatNumber },
  { title: TEXT.totalTokens, dataIndex: 'total_tokens', key: 'total', align: 'right', render: formatNumber },
];

/** One user's usage: what they own, by kind, and the tokens they used, by model. */
export function UsageDetail({ usage }: { usage: UserUsage }) {
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 2, sm: 4 }}
        items={countEntries(usage.counts).map((entry) => ({
          key: entry.key,
          label: entry.label,
          children: formatNumber(entry.value),
        }))}
        style={{ marginBottom: 12 }}
      />
      <Table<ModelTokenUsage>
        size="small"
        rowKey="model"
        columns={TOKEN_COLUMNS}
        dataSource={usage.tokens}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.noTokens} /> }}
      />
    </>
  );
}
