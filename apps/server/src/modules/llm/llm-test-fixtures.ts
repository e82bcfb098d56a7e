// Shared by the llm module's API tests: a test app with a scripted model server, and its users.
import type { LlmModel } from '@agent-platform/contracts';
import { startScriptedLlm, type ScriptedLlm, type ScriptedLlmOptions } from '@agent-platform/scripted-llm';
import { expect } from 'vitest';
import { expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import type { Viewer } from '../../core/index.js';
import { createSecretBox } from '../../platform/security/index.js';
import type { LlmService } from './index.js';

export const TEST_SECRET_KEY = Buffer.alloc(32, 42).toString('base64');
/** Opens what the test app sealed, to check the stored column. */
export const testSecrets = createSecretBox(Buffer.from(TEST_SECRET_KEY, 'base64'));

export interface LlmTestContext {
  t: TestApp;
  llm: ScriptedLlm;
  service: LlmService;
  /** The first user: an administrator. */
  admin: string;
  alice: string;
  bob: string;
  viewerOf(token: string): Promise<Viewer>;
  createModel(token: string, fields: Record<string, unknown>): Promise<LlmModel>;
  close(): Promise<void>;
}

export async function startLlmTestApp(env: Record<string, string> = {}, scripted: ScriptedLlmOptions = {}): Promise<LlmTestContext> {
  const llm = await startScriptedLlm(scripted);
  let service: LlmService | undefined;
  const t = await startTestApp({ SECRET_KEY: TEST_SECRET_KEY, LLM_RETRY_BASE_MS: '5', ...env }, (_app, services) => {
    service = services.llm;
  });
  const admin = await t.signUp('llm_admin');
  const alice = await t.signUp('llm_alice');
  const bob = await t.signUp('llm_bob');
  if (!service) throw new Error('buildApp did not hand out the llm service');
  return {
    t,
    llm,
    service,
    admin,
    alice,
    bob,
    async viewerOf(token) {
      const me = expectOk(await t.call<{ id: string; role: 'admin' | 'user' }>('/api/user/query_userinfo', undefined, token));
      return { id: me.id, role: me.role };
    },
    async createModel(token, fields) {
      const model = expectOk(
        await t.call<LlmModel>('/api/llm/create_llm_model', { type: 'chat', base_url: llm.url, api_key: 'sk-test-key-0001', ...fields }, token),
      );
      expect(model.llm_name).toBe(fields.llm_name);
      return model;
    },
    async close() {
      await t.close();
      await llm.close();
    },
  };
}

/** Collects every part of a stream. */
export async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const parts: T[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/** What tests look at in a failure: an `AppError`, or an `LlmCallError` with its reason. */
export interface Failure {
  message: string;
  code?: string;
  envelopeCode?: number;
  reason?: string;
}

/** The rejection of a promise (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (error) {
    return error as Failure;
  }
  throw new Error('expected the call to fail');
}
