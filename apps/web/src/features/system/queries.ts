import type { DeleteUserBody, ListUsersBody, ReviewUserBody, UnlockUserBody, UsageStatsBody } from '@agent-platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import { deleteUser, listUsers, listUsersUsage, reviewUser, unlockUser } from './api';

export const accountAdminKeys = {
  all: ['system', 'accounts'] as const,
  list: (body: ListUsersBody) => [...accountAdminKeys.all, 'list', body] as const,
  usage: (body: UsageStatsBody) => [...accountAdminKeys.all, 'usage', body] as const,
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

function useAccountMutation<TBody, TData>(mutationFn: (body: TBody) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation<TData, ApiError, TBody>({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountAdminKeys.all }),
  });
}

export const useReviewUser = () => useAccountMutation((body: ReviewUserBody) => reviewUser(body));
export const useDeleteUser = () => useAccountMutation((body: DeleteUserBody) => deleteUser(body));
export const useUnlockUser = () => useAccountMutation((body: UnlockUserBody) => unlockUser(body));
