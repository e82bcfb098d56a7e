import type { UserInfo } from '@agent-platform/contracts';
import type { UserPublicRow } from './user.repo.js';

export function toUserInfo(row: UserPublicRow): UserInfo {
  return {
    id: row.id,
    user_name: row.userName,
    nick_name: row.nickName,
    phone: row.phone,
    role: row.role,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
