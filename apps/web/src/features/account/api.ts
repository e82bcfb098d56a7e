import type { UpdateUserInfoBody, UserInfo } from '@agent-platform/contracts';
import { http } from '../../lib/http';

export function updateUserInfo(body: UpdateUserInfoBody): Promise<UserInfo> {
  return http.post<UserInfo>('/user/update_userinfo', body);
}
