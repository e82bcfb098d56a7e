// Shared by the knowledge and knowledge-base chat API tests: a test app with users and a scripted model server, and
// helpers to create knowledge bases, upload documents as multipart and wait for their ingestion.
import type { KbDocsResult, KbDocument, KnowledgeBase, LlmModel, Page } from '@agent-platform/contracts';
import { startScriptedLlm, type ScriptedLlm } from '@agent-platform/scripted-llm';
import { expect } from 'vitest';
import { expectOk, startTestApp, type CallResult, type TestApp } from './harness.js';

export interface UploadFile {
  name: string;
  content: string | Uint8Array;
}

/** A multipart body as a browser sends it: text fields first, then the files. */
export async function multipart(fields: Record<string, string>, files: UploadFile[], fileField = 'files') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(fileField, new Blob([typeof file.content === 'string' ? file.content : Buffer.from(file.content)]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

export interface KbTestContext {
  t: TestApp;
  /** The scripted model server the test's models point at (embeddings). */
  llm: ScriptedLlm;
  /** The first user: an administrator. */
  admin: string;
  alice: string;
  bob: string;
  createModel(token: string, fields: { llm_name: string; type: string }): Promise<LlmModel>;
  close(): Promise<void>;
  createKb(token: string, fields?: Record<string, unknown>): Promise<KnowledgeBase>;
  upload(token: string, kbId: string, files: UploadFile[]): Promise<CallResult<KbDocsResult>>;
  documents(token: string, kbId: string): Promise<KbDocument[]>;
  /** Waits until every document of the knowledge base is done or failed. */
  settled(token: string, kbId: string): Promise<KbDocument[]>;
}

let kbCounter = 0;

export async function startKbTestApp(env: Record<string, string> = {}): Promise<KbTestContext> {
  const llm = await startScriptedLlm();
  const t = await startTestApp({ SECRET_KEY: Buffer.alloc(32, 7).toString('base64'), LLM_RETRY_BASE_MS: '5', ...env });
  const [admin, alice, bob] = [await t.signUp('kb_admin'), await t.signUp('kb_alice'), await t.signUp('kb_bob')];
  const documents = async (token: string, kbId: string) =>
    expectOk(await t.raw<Page<KbDocument>>({ method: 'GET', url: `/api/kb/list_files_detail?kb_id=${kbId}&page_size=100`, headers: { 'access-token': token } })).list;
  return {
    t,
    llm,
    admin,
    alice,
    bob,
    async createModel(token, fields) {
      return expectOk(await t.call<LlmModel>('/api/llm/create_llm_model', { base_url: llm.url, api_key: 'sk-test-key-0001', ...fields }, token));
    },
    async close() {
      await t.close();
      await llm.close();
    },
    async createKb(token, fields = {}) {
      return expectOk(await t.call<KnowledgeBase>('/api/kb/create_knowledge_base', { name: `知识库${++kbCounter}`, ...fields }, token));
    },
    async upload(token, kbId, files) {
      const { payload, contentType } = await multipart({ kb_id: kbId }, files);
      return t.raw<KbDocsResult>({ method: 'POST', url: '/api/kb/upload_docs', headers: { 'access-token': token, 'content-type': contentType }, payload });
    },
    documents,
    async settled(token, kbId) {
      let last: KbDocument[] = [];
      await expect
        .poll(
          async () => {
            last = await documents(token, kbId);
            return last.every((doc) => doc.status === 'done' || doc.status === 'failed');
          },
          { timeout: 60_000, interval: 100 },
        )
        .toBe(true);
      return last;
    },
  };
}

/** A Markdown document long enough for several segments. */
export function longMarkdown(title: string, paragraphs: number): string {
  const lines = [`# ${title}`];
  for (let index = 0; index < paragraphs; index += 1) {
    lines.push(`## 第${index + 1}节`, `这是${title}的第${index + 1}段内容。知识库把文档切成分段，再用结巴分词建立全文索引。每个分段都保留它的标题，检索时一并返回。`);
  }
  return lines.join('\n\n');
}
