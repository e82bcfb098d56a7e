import { USER_ROLE_LABELS, USER_STATUS_LABELS, type UserRole, type UserStatus } from '@agent-platform/contracts';
import { Tag } from 'antd';
import { ACCOUNT_ADMIN_TEXT, STATUS_TAG_COLORS } from '../constants';

export function StatusTag({ status }: { status: UserStatus }) {
  return <Tag color={STATUS_TAG_COLORS[status]}>{USER_STATUS_LABELS[status]}</Tag>;
}

export function RoleTag({ role }: { role: UserRole }) {
  return <Tag color={role === 'admin' ? 'gold' : 'default'}>{USER_ROLE_LABELS[role]}</Tag>;
}

/** A sign-in lock after failed attempts, with its end in the viewer's own time. */
export function LockTag({ lockedUntil }: { lockedUntil?: string }) {
  if (!lockedUntil) return null;
  return <Tag color="error">{ACCOUNT_ADMIN_TEXT.lockedUntil(new Date(lockedUntil).toLocaleString('zh-CN'))}</Tag>;
}
