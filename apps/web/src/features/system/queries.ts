import type {
  BatchUpdatePropertiesBody,
  CreatePropertyBody,
  DeleteUserBody,
  ListAuditBody,
  ListPropertiesBody,
  ListUsersBody,
  ReviewUserBody,
  SendTestCodeBody,
  SmsTestResult,
  UnlockUserBody,
  UpdatePropertyBody,
  UpdateUserRoleBody,
  UsageStatsBody,
  UsageSummaryBody,
} from '@agent-platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import { uiSettingsKeys } from '../ui-settings';
import {
  batchUpdateProperties,
  createProperty,
  deleteProperty,
  deleteUser,
  getUsageSummary,
  listAuditEntries,
  listProperties,
  listUsers,
  listUsersUsage,
  reviewUser,
  sendTestSmsCode,
  unlockUser,
  updateProperty,
  updateUserRole,
} from './api';

const accountAdminKeys = {
  all: ['system', 'accounts'] as const,
  list: (body: ListUsersBody) => [...accountAdminKeys.all, 'list', body] as const,
  usage: (body: UsageStatsBody) => [...accountAdminKeys.all, 'usage', body] as const,
  audit: (body: ListAuditBody) => [...accountAdminKeys.all, 'audit', body] as const,
};

export const propertyKeys = {
  all: ['system', 'properties'] as const,
  list: (body: ListPropertiesBody) => [...propertyKeys.all, 'list', body] as const,
};

export function useUsers(body: ListUsersBody) {
  return useQuery({ queryKey: accountAdminKeys.list(body), queryFn: () => listUsers(body), placeholderData: keepPreviousData });
}

export function useUsersUsage(body: UsageStatsBody, enabled = true) {
  return useQuery({
    queryKey: accountAdminKeys.usage(body),
    queryFn: () => listUsersUsage(body),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The audit log; every account action invalidates it with the accounts. */
export function useAuditEntries(body: ListAuditBody) {
  return useQuery({ queryKey: accountAdminKeys.audit(body), queryFn: () => listAuditEntries(body), placeholderData: keepPreviousData });
}

/** The usage dashboard of a period. */
export function useUsageSummary(body: UsageSummaryBody) {
  return useQuery({ queryKey: ['system', 'summary', body], queryFn: () => getUsageSummary(body), placeholderData: keepPreviousData });
}

export function useProperties(body: ListPropertiesBody) {
  return useQuery({ queryKey: propertyKeys.list(body), queryFn: () => listProperties(body), placeholderData: keepPreviousData });
}

function useInvalidatingMutation<TBody, TData>(mutationFn: (body: TBody) => Promise<TData>, keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation<TData, ApiError, TBody>({
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

const ACCOUNT_KEYS = [accountAdminKeys.all];
// Branding and menu entries are properties too: the sidebar and the title follow a change at once.
const PROPERTY_KEYS = [propertyKeys.all, uiSettingsKeys.all, accountAdminKeys.all];

export const useReviewUser = () => useInvalidatingMutation((body: ReviewUserBody) => reviewUser(body), ACCOUNT_KEYS);
export const useDeleteUser = () => useInvalidatingMutation((body: DeleteUserBody) => deleteUser(body), ACCOUNT_KEYS);
export const useUnlockUser = () => useInvalidatingMutation((body: UnlockUserBody) => unlockUser(body), ACCOUNT_KEYS);
export const useUpdateUserRole = () => useInvalidatingMutation((body: UpdateUserRoleBody) => updateUserRole(body), ACCOUNT_KEYS);
export const useCreateProperty = () => useInvalidatingMutation((body: CreatePropertyBody) => createProperty(body), PROPERTY_KEYS);
export const useUpdateProperty = () => useInvalidatingMutation((body: UpdatePropertyBody) => updateProperty(body), PROPERTY_KEYS);
export const useDeleteProperty = () => useInvalidatingMutation((body: { id: string }) => deleteProperty(body), PROPERTY_KEYS);
export const useBatchUpdateProperties = () => useInvalidatingMutation((body: BatchUpdatePropertiesBody) => batchUpdateProperties(body), PROPERTY_KEYS);

/** Sends a test code through the saved SMS configuration; nothing to refresh afterwards. */
export const useSendTestSmsCode = () => useMutation<SmsTestResult, ApiError, SendTestCodeBody>({ mutationFn: sendTestSmsCode });
