import { USER_STATUS_LABELS, USER_STATUSES, type ListUsersBody, type UserInfo, type UserStatus } from '@agent-platform/contracts';
import { Alert, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ListToolbar } from '../../../components/ListToolbar';
import { formatDateTime } from '../../../lib/format';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { useAppModal } from '../../../stores/modal';
import { USER_FIELD_LABELS, useSessionUser } from '../../auth';
import { ACCOUNT_ADMIN_TEXT as TEXT, USAGE_MODAL_KEY } from '../constants';
import { useUsers } from '../queries';
import { UserActions } from './UserActions';
import { LockTag, RoleTag, StatusTag } from './UserTags';
import { UserUsageModal } from './UserUsageModal';
import { listLoading } from '../../../lib/list-loading';

const STATUS_OPTIONS = [{ value: '', label: TEXT.allStatuses }, ...USER_STATUSES.map((status) => ({ value: status, label: USER_STATUS_LABELS[status] }))];

/** The accounts, searchable, filterable by status, paged on the server. */
export function UserTable() {
  const me = useSessionUser();
  const { query, filter, pagination } = usePagedQuery<ListUsersBody>();
  const users = useUsers(query);
  const [usageOpen, openUsage, closeUsage] = useAppModal(USAGE_MODAL_KEY);
  const [usageUser, setUsageUser] = useState<UserInfo | null>(null);

  const columns: TableColumnsType<UserInfo> = [
    { title: USER_FIELD_LABELS.user_name, dataIndex: 'user_name', key: 'user_name', ellipsis: true },
    { title: USER_FIELD_LABELS.nick_name, dataIndex: 'nick_name', key: 'nick_name', ellipsis: true },
    { title: USER_FIELD_LABELS.phone, dataIndex: 'phone', key: 'phone', width: 140 },
    { title: USER_FIELD_LABELS.role, dataIndex: 'role', key: 'role', width: 100, render: (_value, user) => <RoleTag role={user.role} /> },
    {
      title: USER_FIELD_LABELS.status,
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (_value, user) => (
        <>
          <StatusTag status={user.status} />
          <LockTag lockedUntil={user.locked_until} />
        </>
      ),
    },
    { title: USER_FIELD_LABELS.created_at, dataIndex: 'created_at', key: 'created_at', width: 180, render: formatDateTime },
    {
      title: TEXT.actions,
      key: 'actions',
      width: 220,
      render: (_value, user) => (
        <UserActions
          user={user}
          isSelf={user.id === me.id}
          onShowUsage={(target) => {
            setUsageUser(target);
            openUsage();
          }}
        />
      ),
    },
  ];

  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.searchPlaceholder} onSearch={(keyword) => filter({ keyword })}>
        <Select<UserStatus | ''>
          value={query.status ?? ''}
          options={STATUS_OPTIONS}
          aria-label={USER_FIELD_LABELS.status}
          style={{ width: 140 }}
          onChange={(status) => filter({ status: status || undefined })}
        />
      </ListToolbar>
      {users.isError ? <Alert type="error" showIcon title={users.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<UserInfo>
        rowKey="id"
        columns={columns}
        dataSource={users.data?.list ?? []}
        loading={listLoading(users)}
        // Fits the content width at 1280 px (the sidebar open); narrower windows scroll.
        scroll={{ x: 940 }}
        pagination={pagination(users.data?.total)}
      />
      {usageOpen && usageUser ? <UserUsageModal user={usageUser} onClose={closeUsage} /> : null}
    </>
  );
}
