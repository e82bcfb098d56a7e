import { DEP_STATUS_LABELS, type DepCheck } from '@agent-platform/contracts';
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { formatDateTime } from '../../../lib/format';
import { DEP_STATUS_COLORS, DEPS_TEXT as TEXT } from '../constants';
import { detailLines } from '../dep-details';
import styles from './Deps.module.css';

const COLUMNS: TableColumnsType<DepCheck> = [
  { title: TEXT.name, dataIndex: 'name', key: 'name', width: 220, render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
  {
    title: TEXT.status,
    dataIndex: 'status',
    key: 'status',
    width: 90,
    render: (status: DepCheck['status']) => (
      <Tag color={DEP_STATUS_COLORS[status]} data-status={status}>
        {DEP_STATUS_LABELS[status]}
      </Tag>
    ),
  },
  { title: TEXT.latency, dataIndex: 'latency_ms', key: 'latency', width: 90, render: (ms: number | null) => (ms === null ? TEXT.noError : `${ms} ms`) },
  {
    title: TEXT.error,
    dataIndex: 'error',
    key: 'error',
    render: (error: string | null, check) =>
      error ? (
        <Typography.Text type={check.status === 'down' ? 'danger' : check.status === 'degraded' ? 'warning' : 'secondary'} data-testid="dep-error">
          {error}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">{TEXT.noError}</Typography.Text>
      ),
  },
  {
    title: TEXT.details,
    dataIndex: 'details',
    key: 'details',
    width: 300,
    render: (details: DepCheck['details']) => (
      <dl className={styles.details}>
        {detailLines(details).map((line) => (
          <div key={line.key}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
    ),
  },
  { title: TEXT.checked, dataIndex: 'checked_at', key: 'checked', width: 170, render: formatDateTime },
];

/** One kind of dependency: a row each, its status in colour, why it is not up. */
export function DepsTable({ items }: { items: DepCheck[] }) {
  return (
    <Table<DepCheck>
      size="small"
      rowKey="key"
      columns={COLUMNS}
      dataSource={items}
      pagination={false}
      scroll={{ x: 960 }}
      onRow={(check) => ({ 'data-testid': `dep-${check.key}`, 'data-status': check.status }) as HTMLAttributes<HTMLElement>}
    />
  );
}
