/** Mirrors apps/web/src/lib/token.ts: the local-storage key of the session token. */
export const TOKEN_STORAGE_KEY = 'access-token';
export const APP_NAME = '大模型智能体平台';

/** The first account (created by first-user.spec.ts through the form): the administrator. */
export const ADMIN = {
  user_name: 'admin',
  nick_name: '平台管理员',
  phone: '13800138000',
  password: 'Admin@2025',
} as const;

export interface TestUser {
  user_name: string;
  nick_name: string;
  phone: string;
  password: string;
}

let counter = 0;

/** A user nobody has registered yet in this run. */
export function newUser(prefix: string): TestUser {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  const digits = String(Date.now() + counter).slice(-8);
  return { user_name: `${prefix}_${suffix}`, nick_name: `测试${prefix}${counter}`, phone: `139${digits}`, password: 'Passw0rd!' };
}

/** The scripted OpenAI-compatible model server the suite starts (playwright.config.ts). */
export const SCRIPTED_LLM_PORT = Number(process.env.E2E_LLM_PORT ?? 18181);
export const SCRIPTED_LLM_BASE_URL = `http://127.0.0.1:${SCRIPTED_LLM_PORT}/v1`;
