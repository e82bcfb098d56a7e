// Documents uploaded into a knowledge base through the real upload call, and waiting for their
// ingestion jobs: the one helper every API test that needs ingested documents uses.
import type { KbDocsResult, KbDocument, KnowledgeBase, Page } from '@agent-platform/contracts';
import { expectOk, type CallResult, type TestApp } from './harness.js';
import { waitFor } from './wait-for.js';

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

export async function uploadDocuments(t: TestApp, token: string, kbId: string, files: UploadFile[]): Promise<CallResult<KbDocsResult>> {
  const { payload, contentType } = await multipart({ kb_id: kbId }, files);
  return t.raw<KbDocsResult>({ method: 'POST', url: '/api/kb/upload_docs', headers: { 'access-token': token, 'content-type': contentType }, payload });
}

export async function listDocuments(t: TestApp, token: string, kbId: string): Promise<KbDocument[]> {
  return expectOk(await t.raw<Page<KbDocument>>({ method: 'GET', url: `/api/kb/list_files_detail?kb_id=${kbId}&page_size=100`, headers: { 'access-token': token } })).list;
}

/**
 * Uploads `files` into knowledge base `kbId` and waits until each is ingested; throws naming the
 * documents when the upload is refused, one fails, or they are not done within `timeoutMs`.
 */
export async function uploadAndIngest(t: TestApp, token: string, kbId: string, files: UploadFile[], { timeoutMs = 120_000 } = {}): Promise<KbDocument[]> {
  const uploaded = expectOk(await uploadDocuments(t, token, kbId, files));
  if (uploaded.failed.length > 0) throw new Error(`upload refused: ${JSON.stringify(uploaded.failed)}`);
  let docs: KbDocument[] = [];
  return waitFor(
    async () => {
      docs = await listDocuments(t, token, kbId);
      const failed = docs.filter((doc) => doc.status === 'failed');
      if (failed.length > 0) throw new Error(`ingestion failed: ${failed.map((doc) => `${doc.name}: ${doc.status_text}`).join('; ')}`);
      return docs.length >= files.length && docs.every((doc) => doc.status === 'done') ? docs : undefined;
    },
    { what: `ingestion of ${files.map((file) => file.name).join(', ')}`, timeoutMs, intervalMs: 50 },
  );
}

/** A knowledge base of `token` named `kbName`, holding `document`, ingested. */
export async function createKbWithDocument(t: TestApp, token: string, kbName: string, document: UploadFile): Promise<KnowledgeBase> {
  const kb = expectOk(await t.call<KnowledgeBase>('/api/kb/create_knowledge_base', { name: kbName }, token));
  await uploadAndIngest(t, token, kb.id, [document], { timeoutMs: 60_000 });
  return kb;
}
