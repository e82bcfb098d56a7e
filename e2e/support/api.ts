import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN, type TestUser } from './constants';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function envelope<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Envelope<T>> {
  return (await response.json()) as Envelope<T>;
}

/** Seeding goes through the API (what the UI does is what the specs test). */
export async function apiLogin(request: APIRequestContext, user: Pick<TestUser, 'user_name' | 'password'>): Promise<string> {
  const body = await envelope<{ token: string }>(await request.post('/ai-sdk-api/user/login/by_username', { data: { user_name: user.user_name, password: user.password } }));
  expect(body.code, body.msg).toBe(200);
  return body.data.token;
}

export async function apiRegister(request: APIRequestContext, user: TestUser): Promise<void> {
  const body = await envelope<unknown>(await request.post('/ai-sdk-api/user/register/by_username', { data: user }));
  expect(body.code, body.msg).toBe(200);
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  return apiLogin(request, ADMIN);
}

/** Sets system properties as the administrator (e.g. registration review, SMS). */
export async function setProperties(request: APIRequestContext, values: Record<string, string>): Promise<void> {
  const token = await adminToken(request);
  const items = Object.entries(values).map(([code, current_value]) => ({ code, current_value }));
  const body = await envelope<unknown>(await request.post('/api/system/property/update/batch', { data: { items }, headers: { 'access-token': token } }));
  expect(body.code, body.msg).toBe(200);
}

export interface SeededModel {
  id: string;
  llm_name: string;
  api_key: string;
}

/** Creates a model through the API (as the given user), e.g. one pointing at the scripted server. */
export async function apiCreateModel(request: APIRequestContext, token: string, body: Record<string, unknown>): Promise<SeededModel> {
  const answer = await envelope<SeededModel>(await request.post('/api/llm/create_llm_model', { data: body, headers: { 'access-token': token } }));
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

export async function apiGetModel(request: APIRequestContext, token: string, id: string): Promise<SeededModel & Record<string, unknown>> {
  const answer = await envelope<SeededModel & Record<string, unknown>>(await request.post('/api/llm/query_llm_by_id', { data: { id }, headers: { 'access-token': token } }));
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}
