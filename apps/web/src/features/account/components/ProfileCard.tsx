import { USER_ROLE_LABELS, USER_STATUS_LABELS } from '@agent-platform/contracts';
import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Tag } from 'antd';
import { formatDateTime } from '../../../lib/format';
import { useAppModal } from '../../../stores/modal';
import { USER_FIELD_LABELS, useSessionUser } from '../../auth';
import { ACCOUNT_TEXT, PROFILE_MODAL_KEY } from '../constants';
import { ProfileModal } from './ProfileModal';

export function ProfileCard() {
  const user = useSessionUser();
  const [open, openModal, closeModal] = useAppModal(PROFILE_MODAL_KEY);
  return (
    <Card
      title={ACCOUNT_TEXT.profileCard}
      extra={
        <Button type="link" icon={<EditOutlined />} onClick={openModal}>
          {ACCOUNT_TEXT.editProfile}
        </Button>
      }
    >
      <Descriptions
        column={1}
        items={[
          { key: 'user_name', label: USER_FIELD_LABELS.user_name, children: user.user_name },
          { key: 'nick_name', label: USER_FIELD_LABELS.nick_name, children: user.nick_name },
          { key: 'phone', label: USER_FIELD_LABELS.phone, children: user.phone || '-' },
          {
            key: 'role',
            label: USER_FIELD_LABELS.role,
            children: <Tag color={user.role === 'admin' ? 'gold' : 'blue'}>{USER_ROLE_LABELS[user.role]}</Tag>,
          },
          { key: 'status', label: USER_FIELD_LABELS.status, children: USER_STATUS_LABELS[user.status] },
          { key: 'created_at', label: USER_FIELD_LABELS.created_at, children: formatDateTime(user.created_at) },
        ]}
      />
      {open ? <ProfileModal user={user} onClose={closeModal} /> : null}
    </Card>
  );
}
