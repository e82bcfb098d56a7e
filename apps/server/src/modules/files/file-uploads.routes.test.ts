import { createHash } from 'node:crypto';
import type { CommonUploadResult } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode } from '../../../test/harness.js';
import { download, expectHttpCode, namesIn, postForm, startFilesTestApp, uploadFiles, uploadOne, type FilesTestContext } from '../../../test/fixtures/files.js';

const MAX = 64 * 1024;

describe('uploads: many files over a socket, limits, paths, clashes', () => {
  let c: FilesTestContext;
  beforeAll(async () => {
    c = await startFilesTestApp({ UPLOAD_MAX_BYTES: String(MAX), BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => c.close());

  it('stores many files at once into a new folder, with size, sha256 and a type from the extension', async () => {
    const parts = [
      { name: '报告.pdf', content: '%PDF-1.4 fake' },
      { name: 'notes.md', content: '# 标题\n正文' },
      { name: 'page.html', content: '<script>alert(1)</script>' },
    ];
    const data = expectHttpCode(await uploadFiles(c, c.alice, { path: '/资料/2026', is_private: 'true' }, parts), 200);
    expect(data.failed).toEqual([]);
    expect(data.uploaded.map((entry) => [entry.name, entry.path, entry.mime, entry.size, entry.is_private])).toEqual([
      ['报告.pdf', '/资料/2026', 'application/pdf', 13, true],
      ['notes.md', '/资料/2026', 'text/markdown', Buffer.byteLength('# 标题\n正文'), true],
      ['page.html', '/资料/2026', 'text/html', 25, true],
    ]);
    expect(await namesIn(c.t, c.alice, '/')).toEqual(['资料']);
    expect(await namesIn(c.t, c.alice, '/资料')).toEqual(['2026']);
    const [row] = await c.t.rows<{ storage_key: string; sha256: string }>(sql`select storage_key, sha256 from files where name = '报告.pdf'`);
    expect(row!.storage_key).toMatch(/^files\/[0-9a-f-]{36}$/);
    expect(row!.sha256).toBe(createHash('sha256').update('%PDF-1.4 fake').digest('hex'));
    const pdf = await download(c.t, c.alice, data.uploaded[0]!.id);
    expect(pdf.body.toString()).toBe('%PDF-1.4 fake');
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 41301, leaving no row and no blob, while the others succeed', async () => {
    const rowsBefore = await c.t.count('files');
    const blobsBefore = await c.blobCount();
    const big = new Uint8Array(MAX + 1000).fill(97);
    const data = expectHttpCode(
      await uploadFiles(c, c.alice, { path: '/limits' }, [
        { name: 'small-1.txt', content: 'one' },
        { name: 'big.bin', content: big },
        { name: 'small-2.txt', content: 'two' },
      ]),
      200,
    );
    expect(data.uploaded.map((entry) => entry.name)).toEqual(['small-1.txt', 'small-2.txt']);
    expect(data.failed).toEqual([{ name: 'big.bin', reason: '文件超过大小上限（64 KB）', code: 41301 }]);
    // The folder and the two small files; nothing for the big one.
    expect(await c.t.count('files')).toBe(rowsBefore + 3);
    expect(await c.blobCount()).toBe(blobsBefore + 2);

    const single = await postForm(c.base, '/api/common/file/upload', c.alice, {}, 'file', [{ name: 'big.bin', content: big }]);
    expectHttpCode(single, 41301, '文件超过大小上限（64 KB）');
    expect(await c.blobCount()).toBe(blobsBefore + 2);
  });

  it('exactly UPLOAD_MAX_BYTES is accepted, and the JSON body limit does not apply to multipart', async () => {
    const entry = await uploadOne(c, c.alice, 'exact.bin', 'x'.repeat(MAX));
    expect(entry.size).toBe(MAX);
  });

  it.each([['../x'], ['/a/../b'], ['C:\\x'], ['/a\u0000b'], ['a/b'], ['/a//b'], ['/con*']])('refuses the path %j with 40001 and stores nothing', async (badPath) => {
    const rowsBefore = await c.t.count('files');
    const blobsBefore = await c.blobCount();
    const answer = await uploadFiles(c, c.alice, { path: badPath }, [{ name: 'x.txt', content: 'x' }]);
    expectHttpCode(answer, 40001, /path/);
    const single = await postForm(c.base, '/api/common/file/upload', c.alice, { path: badPath }, 'file', [{ name: 'x.txt', content: 'x' }]);
    expectHttpCode(single, 40001, /path/);
    expect(await c.t.count('files')).toBe(rowsBefore);
    expect(await c.blobCount()).toBe(blobsBefore);
  });

  it('keeps odd file names for display only and renames on a clash unless override is set', async () => {
    const first = await uploadOne(c, c.alice, '../../etc/passwd', 'a', { path: '/clash' });
    expect(first.name).toBe('passwd');
    const second = await uploadOne(c, c.alice, 'passwd', 'b', { path: '/clash' });
    expect(second.name).toBe('passwd (1)');
    const third = await uploadOne(c, c.alice, 'passwd', 'c', { path: '/clash', override: 'true' });
    expect(third.id).toBe(first.id);
    expect((await download(c.t, c.alice, first.id)).body.toString()).toBe('c');
    expect(await namesIn(c.t, c.alice, '/clash')).toEqual(['passwd', 'passwd (1)']);
  });

  it('the common upload answers the entry and, with need_signed, a link that works without a session', async () => {
    const answer = await postForm<CommonUploadResult>(c.base, '/api/common/file/upload', c.bob, { path: '/common', need_signed: 'true' }, 'file', [{ name: 'a.txt', content: 'signed!' }]);
    const data = expectHttpCode(answer, 200);
    expect(data).toMatchObject({ name: 'a.txt', path: '/common', is_private: true, signed_url: expect.stringContaining('/api/common/file/signed/') });
    const response = await fetch(data.signed_url!);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('signed!');
    const plain = expectHttpCode(await postForm<CommonUploadResult>(c.base, '/api/common/file/upload', c.bob, {}, 'file', [{ name: 'b.txt', content: 'b' }]), 200);
    expect(plain.signed_url).toBeNull();
  });

  it('refuses uploads without a session, without files or not as multipart', async () => {
    expectHttpCode(await uploadFiles(c, '', {}, [{ name: 'a.txt', content: 'a' }]), 40101);
    expectHttpCode(await postForm(c.base, '/api/common/file/upload', c.bob, {}, 'file', []), 40001, '请选择要上传的文件（字段 file）');
    expectCode(await c.t.call('/api/kb/files/upload', {}, c.bob), 40001, '请使用 multipart/form-data 上传文件');
    expectHttpCode(await uploadFiles(c, c.bob, { override: 'maybe' }, [{ name: 'a.txt', content: 'a' }]), 40001, /override/);
    // Calls that are not uploads refuse multipart bodies as they refuse any non-JSON body.
    expectHttpCode(await postForm(c.base, '/api/kb/files/mkdir', c.bob, { name: 'x' }, 'files', []), 40001, '不支持的请求内容类型，请使用 application/json');
  });

  it('has no server timeout that would cut a slow upload', () => {
    expect(c.t.app.server.requestTimeout).toBe(0);
    expect(c.t.app.server.timeout).toBe(0);
  });
});
