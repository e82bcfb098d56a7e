// Shared by the files module's API tests: a test app with its own storage folder, its users, and
// uploads over a real socket.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Envelope, FileEntry, UploadFilesResult } from '@agent-platform/contracts';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { expectOk, HTTP_STATUS, startTestApp, type CallResult, type TestApp } from '../../../test/harness.js';

export interface FilesTestContext {
  t: TestApp;
  /** `http://127.0.0.1:<port>`: the app listening for real. */
  base: string;
  storageDir: string;
  /** The first user: an administrator. */
  admin: string;
  alice: string;
  bob: string;
  /** Files (not folders) in the storage folder, partial writes included. */
  blobCount(): Promise<number>;
  close(): Promise<void>;
}

export interface UploadPart {
  name: string;
  content: string | Uint8Array;
}

export async function startFilesTestApp(env: Record<string, string> = {}): Promise<FilesTestContext> {
  const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aip-files-'));
  const t = await startTestApp({ STORAGE_DIR: storageDir, ...env });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const admin = await t.signUp('files_admin');
  const alice = await t.signUp('files_alice');
  const bob = await t.signUp('files_bob');
  return {
    t,
    base: `http://127.0.0.1:${port}`,
    storageDir,
    admin,
    alice,
    bob,
    async blobCount() {
      const entries = await fs.readdir(storageDir, { recursive: true, withFileTypes: true });
      return entries.filter((entry) => entry.isFile()).length;
    },
    async close() {
      await t.close();
      await fs.rm(storageDir, { recursive: true, force: true });
    },
  };
}

export interface HttpAnswer<T> {
  status: number;
  body: Envelope<T>;
}

/** POSTs a multipart form (text fields first, then the files) over the socket. */
export async function postForm<T = unknown>(base: string, url: string, token: string | undefined, fields: Record<string, string>, fileField: string, parts: UploadPart[]): Promise<HttpAnswer<T>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const part of parts) form.append(fileField, new Blob([part.content]), part.name);
  const response = await fetch(`${base}${url}`, { method: 'POST', body: form, headers: token ? { 'access-token': token } : {} });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

export const uploadFiles = (c: FilesTestContext, token: string, fields: Record<string, string>, parts: UploadPart[]) =>
  postForm<UploadFilesResult & { failed: Array<{ name: string; reason: string; code: number }> }>(c.base, '/api/kb/files/upload', token, fields, 'files', parts);

/** Uploads one file and answers its entry. */
export async function uploadOne(c: FilesTestContext, token: string, name: string, content: string, fields: Record<string, string> = {}): Promise<FileEntry> {
  const answer = await uploadFiles(c, token, fields, [{ name, content }]);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.data.failed).toEqual([]);
  return answer.body.data.uploaded[0]!;
}

/** Asserts the envelope and its HTTP status of an answer that came over the socket. */
export function expectHttpCode<T>(answer: HttpAnswer<T>, code: number, msg?: string | RegExp): T {
  expect({ code: answer.body.code, status: answer.status }, answer.body.msg).toEqual({ code, status: HTTP_STATUS[code] });
  if (msg instanceof RegExp) expect(answer.body.msg).toMatch(msg);
  else if (msg !== undefined) expect(answer.body.msg).toBe(msg);
  return answer.body.data;
}

export interface Downloaded {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

export async function download(t: TestApp, token: string, fileId: string): Promise<Downloaded> {
  const response = await t.app.inject({ method: 'POST', url: '/api/kb/files/download', headers: { 'access-token': token, 'content-type': 'application/json' }, payload: JSON.stringify({ file_id: fileId }) });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

/**
 * POSTs JSON without the harness's leak check: `detail` and `share` answer the file's sha256, which is
 * 64 hex characters like the hashes that check looks for.
 */
export async function callWithDigest<T = unknown>(t: TestApp, url: string, body: unknown, token: string): Promise<CallResult<T>> {
  const response = await t.app.inject({ method: 'POST', url, headers: { 'access-token': token, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
}

export async function getLink(t: TestApp, url: string): Promise<Downloaded> {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

/** Lists a folder and answers the names in it. */
export async function namesIn(t: TestApp, token: string, folder: string, tree: 'list' | 'list_public' = 'list'): Promise<string[]> {
  const page = expectOk(await t.call<{ list: FileEntry[] }>(`/api/kb/files/${tree}`, { path: folder, page_size: 100 }, token));
  return page.list.map((entry) => entry.name);
}
