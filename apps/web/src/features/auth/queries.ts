import type { LoginBody, RegisterBody, SmsPhoneBody, UserInfo } from '@agent-platform/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, HTTP_ERROR_TEXT, toApiError } from '../../lib/http';
import { clearToken, setToken } from '../../lib/token';
import { uiSettingsKeys } from '../ui-settings';
import { getCurrentUser, getSmsChallenge, getSmsInternetFlag, login, logout, register, sendVerificationCode } from './api';
import { REGISTER_FAILURE_CODES } from './constants';

export const userKeys = {
  all: ['user'] as const,
  me: ['user', 'me'] as const,
};

export const currentUserQuery = queryOptions({
  queryKey: userKeys.me,
  queryFn: getCurrentUser,
  staleTime: 5 * 60_000,
});

/** The guard's call: the signed-in user's info. */
export function useCurrentUserQuery(enabled: boolean) {
  return useQuery({ ...currentUserQuery, enabled });
}

/** The signed-in user; only inside the authenticated area, where the guard has loaded it. */
export function useSessionUser(): UserInfo {
  const { data } = useQuery({ ...currentUserQuery, enabled: false });
  if (!data) throw new Error('useSessionUser() is only available inside the authenticated area');
  return data;
}

export type SignInStep = 'login' | 'user-info';

/** Which step of the sign-in failed: the login call (toast with its message) or the user info. */
export class SignInError extends Error {
  override name = 'SignInError';
  constructor(
    readonly step: SignInStep,
    readonly error: ApiError,
  ) {
    super(error.message);
  }
}

/** Sign-in: the login call, store the token, then load the user's info. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation<UserInfo, SignInError, LoginBody>({
    mutationFn: async (body) => {
      let token: string;
      try {
        token = (await login(body)).token;
      } catch (error) {
        throw new SignInError('login', toApiError(error));
      }
      setToken(token);
      // Nothing of a previous session may show for this one (the settings stay: they are anonymous).
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== uiSettingsKeys.all[0] });
      try {
        return await queryClient.fetchQuery(currentUserQuery);
      } catch (error) {
        clearToken();
        throw new SignInError('user-info', toApiError(error));
      }
    },
  });
}

/** Register keeps the raw envelope: 201 (name taken) and 202 (wrong code) are failures too. */
export function useRegister() {
  return useMutation<UserInfo | null, ApiError, RegisterBody>({
    mutationFn: async (body) => {
      const envelope = await register(body);
      if (REGISTER_FAILURE_CODES.includes(envelope.code)) {
        throw new ApiError(envelope.msg || HTTP_ERROR_TEXT.unknown, {
          kind: 'envelope',
          code: envelope.code,
          body: envelope,
        });
      }
      return envelope.data;
    },
  });
}

export function useLogout() {
  return useMutation<void, ApiError>({
    mutationFn: async () => {
      try {
        await logout();
      } finally {
        clearToken();
      }
    },
  });
}

/** The server may answer a boolean, a number or a string; only a truthy value shows the code field. */
export function isTruthyFlag(value: unknown): boolean {
  if (typeof value === 'string') return !['', '0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
  return Boolean(value);
}

export function useSmsInternetFlag() {
  return useQuery({
    queryKey: ['sms', 'internet-flag'],
    queryFn: getSmsInternetFlag,
    select: isTruthyFlag,
    staleTime: 60_000,
  });
}

export function useSendVerificationCode() {
  return useMutation<null, ApiError, SmsPhoneBody>({ mutationFn: sendVerificationCode });
}

/** A new challenge each time the dialog opens (each is answered once). */
export function useSmsChallenge(enabled: boolean) {
  return useQuery({ queryKey: ['sms', 'challenge'], queryFn: getSmsChallenge, enabled, staleTime: 0, gcTime: 0, retry: false });
}
