import type {
  AuditEntry,
  BatchUpdatePropertiesBody,
  CreatePropertyBody,
  DeleteUserBody,
  ListAuditBody,
  ListPropertiesBody,
  ListUsersBody,
  Page,
  ReviewUserBody,
  SendTestCodeBody,
  SmsTestResult,
  SystemProperty,
  UnlockUserBody,
  UpdatePropertyBody,
  UpdateUserRoleBody,
  UsageStatsBody,
  UsageSummary,
  UsageSummaryBody,
  UserInfo,
  UserUsage,
} from '@agent-platform/contracts';
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

export function updateUserRole(body: UpdateUserRoleBody): Promise<UserInfo> {
  return http.post<UserInfo>('/user/update_role', body);
}

export function listAuditEntries(body: ListAuditBody): Promise<Page<AuditEntry>> {
  return http.post<Page<AuditEntry>>('/system/audit/list', body);
}

export function listProperties(body: ListPropertiesBody): Promise<Page<SystemProperty>> {
  return http.post<Page<SystemProperty>>('/system/property/list', body);
}

export function createProperty(body: CreatePropertyBody): Promise<SystemProperty> {
  return http.post<SystemProperty>('/system/property/create', body);
}

export function updateProperty(body: UpdatePropertyBody): Promise<SystemProperty> {
  return http.post<SystemProperty>('/system/property/update', body);
}

export function deleteProperty(body: { id: string }): Promise<null> {
  return http.post<null>('/system/property/delete', body);
}

export function batchUpdateProperties(body: BatchUpdatePropertiesBody): Promise<null> {
  return http.post<null>('/system/property/update/batch', body);
}

export function getUsageSummary(body: UsageSummaryBody): Promise<UsageSummary> {
  return http.post<UsageSummary>('/system/summary/query', body);
}

export function sendTestSmsCode(body: SendTestCodeBody): Promise<SmsTestResult> {
  return http.post<SmsTestResult>('/sms/send_test_code', body);
}
