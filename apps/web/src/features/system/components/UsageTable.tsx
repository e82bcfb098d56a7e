import type { UsageStatsBody, UserUsage } from '@agent-platform/contracts';
import { Alert, Flex, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { ACCOUNT_ADMIN_TEXT as TEXT, DEFAULT_PAGE_SIZE } from '../constants';
import { useUsersUsage } from '../queries';
import { countEntries, sumTokens, UsageDetail } from './UsageDetail';
import { StatusTag } from './UserTags';

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
  { title: TEXT.status, key: 'status', width: 100, render: (_value, row) => <StatusTag status={row.status} /> },
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
  const [query, setQuery] = useState<UsageStatsBody>({ page: 1, page_size: DEFAULT_PAGE_SIZE });
  const usage = useUsersUsage(query);
  return (
    <>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={TEXT.usageSearchPlaceholder}
          aria-label={TEXT.usageSearchPlaceholder}
          style={{ width: 300 }}
          onSearch={(keyword) => setQuery((current) => ({ ...current, page: 1, keyword: keyword.trim() || undefined }))}
        />
      </Flex>
      {usage.isError ? <Alert type="error" showIcon title={usage.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<UserUsage>
        rowKey="user_id"
        columns={COLUMNS}
        dataSource={usage.data?.list ?? []}
        loading={usage.isFetching}
        expandable={{ expandedRowRender: (row) => <UsageDetail usage={row} /> }}
        scroll={{ x: 760 }}
        pagination={{
          current: query.page,
          pageSize: query.page_size,
          total: usage.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: TEXT.total,
          onChange: (page, pageSize) => setQuery((current) => ({ ...current, page, page_size: pageSize })),
        }}
      />
    </>
  );
}
