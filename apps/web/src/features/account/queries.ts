import type { UpdateUserInfoBody, UserInfo } from '@agent-platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import { userKeys } from '../auth';
import { updateUserInfo } from './api';

export function useUpdateUserInfo() {
  const queryClient = useQueryClient();
  return useMutation<UserInfo, ApiError, UpdateUserInfoBody>({
    mutationFn: updateUserInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.me }),
  });
}
