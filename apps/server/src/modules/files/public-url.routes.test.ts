import type { CommonUploadResult, FileDetail } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, type CallResult } from '../../../test/harness.js';
import { expectHttpCode, postForm, startFilesTestApp, uploadOne, type FilesTestContext } from '../../../test/fixtures/files.js';

const FORGED_HOST = 'evil.example';

async function shareUrl(c: FilesTestContext, host?: string): Promise<string> {
  const file = await uploadOne(c, c.alice, `链接${Math.random()}.txt`, 'bytes');
  const response = await c.t.app.inject({
    method: 'POST',
    url: '/api/kb/files/share',
    headers: { 'access-token': c.alice, 'content-type': 'application/json', ...(host ? { host } : {}) },
    payload: JSON.stringify({ file_id: file.id, expires_in_hours: 1 }),
  });
  const result: CallResult<FileDetail> = { status: response.statusCode, body: response.json(), headers: response.headers };
  return expectOk(result).share_url!;
}

describe('links built from PUBLIC_URL', () => {
  let c: FilesTestContext;
  beforeAll(async () => {
    c = await startFilesTestApp({ PUBLIC_URL: 'https://agents.example.com/platform/' });
  });
  afterAll(() => c.close());

  it('signed and share links point at the configured address, whatever Host says', async () => {
    expect(await shareUrl(c, FORGED_HOST)).toMatch(/^https:\/\/agents\.example\.com\/platform\/api\/kb\/files\/shared\/[^/]+$/);
    const answer = await postForm<CommonUploadResult>(c.base, '/api/common/file/upload', c.bob, { need_signed: 'true' }, 'file', [{ name: 's.txt', content: 's' }]);
    expect(expectHttpCode(answer, 200).signed_url).toMatch(/^https:\/\/agents\.example\.com\/platform\/api\/common\/file\/signed\/[^/]+$/);
  });
});

describe('links without PUBLIC_URL', () => {
  let c: FilesTestContext;
  beforeAll(async () => {
    c = await startFilesTestApp();
  });
  afterAll(() => c.close());

  it('fall back to the request Host', async () => {
    expect(await shareUrl(c, 'files.internal:8080')).toMatch(/^http:\/\/files\.internal:8080\/api\/kb\/files\/shared\//);
  });
});
