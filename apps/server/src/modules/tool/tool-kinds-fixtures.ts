// For the knowledge-base and multimodal tool tests: a test app with a scripted model server, and the
// uploads those tools read (files and knowledge-base documents), made through the public API.
import type { CommonUploadResult, KbDocument, KnowledgeBase, LlmModel, Page } from '@agent-platform/contracts';
import { startScriptedLlm, type ScriptedLlm } from '@agent-platform/scripted-llm';
import { expect } from 'vitest';
import { expectOk, startTestApp, type TestApp } from '../../../test/harness.js';

async function multipart(field: string, name: string, content: string | Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(field, new Blob([typeof content === 'string' ? content : Buffer.from(content)]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

export interface KindsTestContext {
  t: TestApp;
  llm: ScriptedLlm;
  alice: string;
  bob: string;
  createModel(token: string, fields: { llm_name: string; type: string }): Promise<LlmModel>;
  uploadFile(token: string, name: string, content: Uint8Array): Promise<CommonUploadResult>;
  /** A knowledge base with one document, indexed (full text). */
  kbWithDocument(token: string, kbName: string, docName: string, text: string): Promise<KnowledgeBase>;
  close(): Promise<void>;
}

export async function startKindsTestApp(): Promise<KindsTestContext> {
  const llm = await startScriptedLlm();
  const t = await startTestApp({ SECRET_KEY: Buffer.alloc(32, 3).toString('base64'), LLM_RETRY_BASE_MS: '5' });
  await t.signUp('kinds_admin');
  const [alice, bob] = [await t.signUp('kinds_alice'), await t.signUp('kinds_bob')];
  const post = async <T>(token: string, url: string, form: { payload: Buffer; contentType: string }) =>
    expectOk(await t.raw<T>({ method: 'POST', url, headers: { 'access-token': token, 'content-type': form.contentType }, payload: form.payload }));
  return {
    t,
    llm,
    alice,
    bob,
    async createModel(token, fields) {
      return expectOk(await t.call<LlmModel>('/api/llm/create_llm_model', { base_url: llm.url, api_key: 'sk-test-key-0001', ...fields }, token));
    },
    uploadFile: async (token, name, content) => post<CommonUploadResult>(token, '/api/common/file/upload', await multipart('file', name, content)),
    async kbWithDocument(token, kbName, docName, text) {
      const kb = expectOk(await t.call<KnowledgeBase>('/api/kb/create_knowledge_base', { name: kbName }, token));
      await post(token, '/api/kb/upload_docs', await multipart('files', docName, text, { kb_id: kb.id }));
      await expect
        .poll(
          async () => {
            const docs = expectOk(await t.raw<Page<KbDocument>>({ method: 'GET', url: `/api/kb/list_files_detail?kb_id=${kb.id}`, headers: { 'access-token': token } })).list;
            return docs.map((doc) => doc.status).join();
          },
          { timeout: 60_000, interval: 100 },
        )
        .toBe('done');
      return kb;
    },
    async close() {
      await t.close();
      await llm.close();
    },
  };
}
