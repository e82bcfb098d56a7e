import type { DeleteUserBody, ListUsersBody, Page, ReviewUserBody, UnlockUserBody, UsageStatsBody, UserInfo, UserUsage } from '@agent-platform/contracts';
import { http } from '../../lib/http';

export function listUsers(body: ListUsersBody): Promise<Page<UserInfo>> {
  return http.post<Page<UserInfo>>('/user/query_users_by_page', body);
}

export function reviewUser(body: ReviewUserBody): Promise<UserInfo> {
  return http.post<UserInfo>('/user/review', body);
}

export function unlockUser(body: UnlockUserBody): Promise<null> {
  return http.post<null>('/user/unlock', body);
}

export function deleteUser(body: DeleteUserBody): Promise<null> {
  return http.post<null>('/user/del_user', body);
}

export function listUsersUsage(body: UsageStatsBody): Promise<Page<UserUsage>> {
  return http.post<Page<UserUsage>>('/user/stat_all_users_usage', body);
}
