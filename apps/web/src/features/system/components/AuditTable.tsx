import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction, type AuditEntry, type ListAuditBody } from '@agent-platform/contracts';
import { Alert, DatePicker, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { ListToolbar } from '../../../components/ListToolbar';
import { formatDateTime } from '../../../lib/format';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { AUDIT_TARGET_LABELS, AUDIT_TEXT as TEXT } from '../constants';
import { useAuditEntries } from '../queries';
import { listLoading } from '../../../lib/list-loading';

const ACTION_OPTIONS = [{ value: '', label: TEXT.allActions }, ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }))];

const COLUMNS: TableColumnsType<AuditEntry> = [
  { title: TEXT.time, dataIndex: 'created_at', key: 'time', width: 180, render: formatDateTime },
  { title: TEXT.actor, dataIndex: 'actor_name', key: 'actor', width: 140, ellipsis: true },
  { title: TEXT.action, dataIndex: 'action', key: 'action', width: 150, render: (action: AuditAction) => AUDIT_ACTION_LABELS[action] ?? action },
  {
    title: TEXT.target,
    key: 'target',
    render: (_value, entry) =>
      entry.target_kind ? (
        <Space orientation="vertical" size={0}>
          <Typography.Text>
            {AUDIT_TARGET_LABELS[entry.target_kind] ?? entry.target_kind}
            {entry.target_name ? `：${entry.target_name}` : ''}
          </Typography.Text>
          {entry.target_id ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {entry.target_id}
            </Typography.Text>
          ) : null}
        </Space>
      ) : (
        '-'
      ),
  },
  { title: TEXT.detail, dataIndex: 'detail', key: 'detail', ellipsis: true, render: (detail: string | null) => detail ?? '-' },
  { title: TEXT.address, dataIndex: 'address', key: 'address', width: 140 },
];

/** The audit log, newest first: by actor, action and period. */
export function AuditTable() {
  const { query, filter, pagination } = usePagedQuery<ListAuditBody>();
  const entries = useAuditEntries(query);
  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.actorPlaceholder} searchWidth={220} onSearch={(actor) => filter({ actor })}>
        <Select<AuditAction | ''>
          value={query.action ?? ''}
          options={ACTION_OPTIONS}
          aria-label={TEXT.action}
          style={{ width: 180 }}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(action) => filter({ action: action || undefined })}
        />
        <DatePicker.RangePicker
          placeholder={[TEXT.periodStart, TEXT.periodEnd]}
          onChange={(dates) => filter({ from: dates?.[0]?.startOf('day').toISOString(), to: dates?.[1]?.endOf('day').toISOString() })}
        />
      </ListToolbar>
      {entries.isError ? <Alert type="error" showIcon title={entries.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<AuditEntry>
        rowKey="id"
        columns={COLUMNS}
        dataSource={entries.data?.list ?? []}
        loading={listLoading(entries)}
        locale={{ emptyText: TEXT.empty }}
        scroll={{ x: 960 }}
        pagination={pagination(entries.data?.total)}
      />
    </>
  );
}
