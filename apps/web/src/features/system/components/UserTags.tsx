import { USER_ROLE_LABELS, USER_STATUS_LABELS, type UserRole, type UserStatus } from '@agent-platform/contracts';
import { Tag } from 'antd';
import { STATUS_TAG_COLORS } from '../constants';

export function StatusTag({ status }: { status: UserStatus }) {
  return <Tag color={STATUS_TAG_COLORS[status]}>{USER_STATUS_LABELS[status]}</Tag>;
}

export function RoleTag({ role }: { role: UserRole }) {
  return <Tag color={role === 'admin' ? 'gold' : 'default'}>{USER_ROLE_LABELS[role]}</Tag>;
}
