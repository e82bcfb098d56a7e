import { USER_STATUS_LABELS, USER_STATUSES, type ListUsersBody, type UserInfo, type UserStatus } from '@agent-platform/contracts';
import { Alert, Flex, Input, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useAppModal } from '../../../stores/modal';
import { useSessionUser } from '../../auth';
import { ACCOUNT_ADMIN_TEXT as TEXT, DEFAULT_PAGE_SIZE, USAGE_MODAL_KEY } from '../constants';
import { useUsers } from '../queries';
import { UserActions } from './UserActions';
import { RoleTag, StatusTag } from './UserTags';
import { UserUsageModal } from './UserUsageModal';

const STATUS_OPTIONS = [
  { value: '', label: TEXT.allStatuses },
  ...USER_STATUSES.map((status) => ({ value: status, label: USER_STATUS_LABELS[status] })),
];

/** The accounts, searchable, filterable by status, paged on the server. */
export function UserTable() {
  const me = useSessionUser();
  const [query, setQuery] = useState<ListUsersBody>({ page: 1, page_size: DEFAULT_PAGE_SIZE });
  const users = useUsers(query);
  const [usageOpen, openUsage, closeUsage] = useAppModal(USAGE_MODAL_KEY);
  const [usageUser, setUsageUser] = useState<UserInfo | null>(null);

  const columns: TableColumnsType<UserInfo> = [
    { title: TEXT.userName, dataIndex: 'user_name', key: 'user_name', ellipsis: true },
    { title: TEXT.nickName, dataIndex: 'nick_name', key: 'nick_name', ellipsis: true },
    { title: TEXT.phone, dataIndex: 'phone', key: 'phone', width: 140 },
    { title: TEXT.role, dataIndex: 'role', key: 'role', width: 100, render: (_value, user) => <RoleTag role={user.role} /> },
    { title: TEXT.status, dataIndex: 'status', key: 'status', width: 100, render: (_value, user) => <StatusTag status={user.status} /> },
    { title: TEXT.createdAt, dataIndex: 'created_at', key: 'created_at', width: 180, render: formatDateTime },
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
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={TEXT.searchPlaceholder}
          aria-label={TEXT.searchPlaceholder}
          style={{ width: 300 }}
          onSearch={(keyword) => setQuery((current) => ({ ...current, page: 1, keyword: keyword.trim() || undefined }))}
        />
        <Select<UserStatus | ''>
          value={query.status ?? ''}
          options={STATUS_OPTIONS}
          aria-label={TEXT.status}
          style={{ width: 140 }}
          onChange={(status) => setQuery((current) => ({ ...current, page: 1, status: status || undefined }))}
        />
      </Flex>
      {users.isError ? <Alert type="error" showIcon title={users.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<UserInfo>
        rowKey="id"
        columns={columns}
        dataSource={users.data?.list ?? []}
        loading={users.isFetching}
        scroll={{ x: 960 }}
        pagination={{
          current: query.page,
          pageSize: query.page_size,
          total: users.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: TEXT.total,
          onChange: (page, pageSize) => setQuery((current) => ({ ...current, page, page_size: pageSize })),
        }}
      />
      {usageOpen && usageUser ? <UserUsageModal user={usageUser} onClose={closeUsage} /> : null}
    </>
  );
}
