import type { LoginBody, RegisterBody, SmsChallenge, SmsPhoneBody, UserInfo } from '@agent-platform/contracts';
import { authHttp, http, jsonString } from '../../lib/http';

export function login(body: LoginBody): Promise<{ token: string }> {
  return authHttp.post<{ token: string }>('/user/login/by_username', body);
}

/** The whole envelope: codes 201 and 202 are failures the caller reads from it. */
export function register(body: RegisterBody) {
  return authHttp.postRaw<UserInfo | null>('/user/register/by_username', body);
}

export function getCurrentUser(): Promise<UserInfo> {
  return http.post<UserInfo>('/user/query_userinfo');
}

export function logout(): Promise<null> {
  return http.post<null>('/user/logout');
}

/** Truthy when the verification-code field is shown on /register. */
export function getSmsInternetFlag(): Promise<unknown> {
  return http.post<unknown>('/sms/internet_flag');
}

/** The body is the phone number as a bare JSON string, or `{phone, challenge_id, challenge_answer}` once a challenge is asked for. */
export function sendVerificationCode(body: SmsPhoneBody): Promise<null> {
  return typeof body === 'string' ? http.post<null>('/sms/send_verification_code', ...jsonString(body)) : http.post<null>('/sms/send_verification_code', body);
}

/** A sum drawn as an image, asked for after a few codes from one address (42801). */
export function getSmsChallenge(): Promise<SmsChallenge> {
  return http.post<SmsChallenge>('/sms/challenge');
}
