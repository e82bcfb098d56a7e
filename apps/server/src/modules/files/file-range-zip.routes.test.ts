import type { FileEntry, MediaUrl, Page } from '@agent-platform/contracts';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { startFilesTestApp, uploadOne, type FilesTestContext } from '../../../test/fixtures/files.js';

const CONTENT = '0123456789abcdefghij';

describe('downloads in parts (Range) and folders as a zip', () => {
  let c: FilesTestContext;
  let file: FileEntry;
  beforeAll(async () => {
    c = await startFilesTestApp();
    file = await uploadOne(c, c.alice, 'clip.mp4', CONTENT);
  });
  afterAll(() => c.close());

  const download = (range: string | undefined, token = c.alice) =>
    c.t.app.inject({
      method: 'POST',
      url: '/api/kb/files/download',
      headers: { 'access-token': token, 'content-type': 'application/json', ...(range ? { range } : {}) },
      payload: JSON.stringify({ file_id: file.id }),
    });

  it('answers 206 with Content-Range for one range, 416 past the end, and the whole file without one', async () => {
    for (const [range, start, end] of [
      ['bytes=2-5', 2, 5],
      ['bytes=15-', 15, 19],
      ['bytes=-3', 17, 19],
      ['bytes=18-99', 18, 19],
    ] as const) {
      const response = await download(range);
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/20`);
      expect(response.headers['content-length']).toBe(String(end - start + 1));
      expect(response.body).toBe(CONTENT.slice(start, end + 1));
    }
    const past = await download('bytes=20-');
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */20');
    expect(past.json()).toMatchObject({ code: 40001 });
    const whole = await download(undefined);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body).toBe(CONTENT);
    expect((await download('bytes=0-1,4-5')).statusCode).toBe(200);
  });

  it('gives a player a link it can seek in without a session; others get 40401', async () => {
    const media = expectOk(await c.t.call<MediaUrl>('/api/kb/files/media_url', { file_id: file.id }, c.alice));
    const response = await fetch(media.url.replace(/^https?:\/\/[^/]+/, c.base), { headers: { range: 'bytes=10-' } });
    expect(response.status).toBe(206);
    expect(await response.text()).toBe(CONTENT.slice(10));
    expectCode(await c.t.call('/api/kb/files/media_url', { file_id: file.id }, c.bob), 40401);
  });

  it('streams a folder as a zip with its subfolders, for those who may read it', async () => {
    await uploadOne(c, c.alice, '一月.txt', '一月的报告', { path: '/报告/2026' });
    await uploadOne(c, c.alice, '总结.md', '# 总结', { path: '/报告' });
    expectOk(await c.t.call('/api/kb/files/mkdir', { path: '/报告', name: '空的' }, c.alice));
    const listed = expectOk(await c.t.call<Page<FileEntry>>('/api/kb/files/list', { path: '/' }, c.alice));
    const folder = listed.list.find((entry) => entry.name === '报告')!;

    const response = await c.t.app.inject({
      method: 'POST',
      url: '/api/kb/files/download_folder',
      headers: { 'access-token': c.alice, 'content-type': 'application/json' },
      payload: JSON.stringify({ file_id: folder.id }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(String(response.headers['content-disposition'])).toContain(encodeURIComponent('报告.zip'));
    const zip = await JSZip.loadAsync(response.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(['2026/', '2026/一月.txt', '总结.md', '空的/']);
    expect(await zip.file('2026/一月.txt')!.async('string')).toBe('一月的报告');

    expectCode(await c.t.call('/api/kb/files/download_folder', { file_id: folder.id }, c.bob), 40401);
    expectCode(await c.t.call('/api/kb/files/download_folder', { file_id: file.id }, c.alice), 40001, '只有文件夹可以打包下载，文件请直接下载');
  });
});
