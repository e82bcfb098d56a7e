import type { UserInfo } from '@agent-platform/contracts';
import { Button, Empty, Modal, Skeleton } from 'antd';
import { ACCOUNT_ADMIN_TEXT as TEXT } from '../constants';
import { useUsersUsage } from '../queries';
import { UsageDetail } from './UsageDetail';

/** The usage of one user, looked up in the all-users statistics by user name. */
export function UserUsageModal({ user, onClose }: { user: UserInfo; onClose: () => void }) {
  const usage = useUsersUsage({ page: 1, page_size: 20, keyword: user.user_name });
  const record = usage.data?.list.find((row) => row.user_id === user.id);
  return (
    <Modal open width={760} title={TEXT.usageOf(user.nick_name || user.user_name)} onCancel={onClose} footer={<Button onClick={onClose}>{TEXT.close}</Button>}>
      <div style={{ paddingTop: 12 }}>
        {usage.isPending ? <Skeleton active /> : null}
        {!usage.isPending && record ? <UsageDetail usage={record} /> : null}
        {!usage.isPending && !record ? <Empty description={usage.isError ? usage.error.message : TEXT.noUsage} /> : null}
      </div>
    </Modal>
  );
}
