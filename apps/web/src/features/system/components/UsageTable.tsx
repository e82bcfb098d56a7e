import type { UsageStatsBody, UserUsage } from '@agent-platform/contracts';
import { Alert, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ListToolbar } from '../../../components/ListToolbar';
import { formatNumber } from '../../../lib/format';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { USER_FIELD_LABELS } from '../../auth';
import { ACCOUNT_ADMIN_TEXT as TEXT } from '../constants';
import { useUsersUsage } from '../queries';
import { countEntries, sumTokens, UsageDetail } from './UsageDetail';
import { StatusTag } from './UserTags';
import { listLoading } from '../../../lib/list-loading';

const COLUMNS: TableColumnsType<UserUsage> = [
  {
    title: TEXT.user,
    key: 'user',
    render: (_value, row) => (
      <Space orientation="vertical" size={0}>
        <Typography.Text>{row.nick_name || row.user_name}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.user_name}
        </Typography.Text>
      </Space>
    ),
  },
  { title: USER_FIELD_LABELS.status, key: 'status', width: 100, render: (_value, row) => <StatusTag status={row.status} /> },
  {
    title: TEXT.resources,
    key: 'resources',
    render: (_value, row) => {
      const entries = countEntries(row.counts).filter((entry) => entry.value > 0);
      return entries.length === 0
        ? '-'
        : entries.map((entry) => (
            <Tag key={entry.key} style={{ marginBlock: 2 }}>
              {entry.label} {formatNumber(entry.value)}
            </Tag>
          ));
    },
  },
  { title: TEXT.calls, key: 'calls', width: 110, align: 'right', render: (_value, row) => formatNumber(sumTokens(row.tokens).calls) },
  { title: TEXT.totalTokens, key: 'tokens', width: 130, align: 'right', render: (_value, row) => formatNumber(sumTokens(row.tokens).total) },
];

/** Every user's usage: owned resources by kind and tokens by model (expand a row for the detail). */
export function UsageTable() {
  const { query, filter, pagination } = usePagedQuery<UsageStatsBody>();
  const usage = useUsersUsage(query);
  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.usageSearchPlaceholder} onSearch={(keyword) => filter({ keyword })} />
      {usage.isError ? <Alert type="error" showIcon title={usage.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<UserUsage>
        rowKey="user_id"
        columns={COLUMNS}
        dataSource={usage.data?.list ?? []}
        loading={listLoading(usage)}
        expandable={{ expandedRowRender: (row) => <UsageDetail usage={row} /> }}
        scroll={{ x: 760 }}
        pagination={pagination(usage.data?.total)}
      />
    </>
  );
}
