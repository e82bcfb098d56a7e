import type { FileDetail, FileEntry } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { createFileLinks } from './file-links.js';
import { callWithDigest, download, getLink, namesIn, startFilesTestApp, uploadFiles, uploadOne, type FilesTestContext } from '../../../test/fixtures/files.js';

const SECRET = Buffer.alloc(32, 7);

describe('file manager: trees, folders, moves, deletes, details, shares', () => {
  let c: FilesTestContext;
  let aliceFile: FileEntry;
  const detail = (token: string, id: string) => callWithDigest<FileDetail>(c.t, '/api/kb/files/detail', { file_id: id }, token);
  const rowOf = async (id: string) => (await c.t.rows(sql`select * from files where id = ${id}`))[0];

  beforeAll(async () => {
    c = await startFilesTestApp({ SECRET_KEY: SECRET.toString('hex') });
    aliceFile = await uploadOne(c, c.alice, '计划.txt', '私有内容', { path: '/工作' });
  });
  afterAll(() => c.close());

  it('lists one folder of my private tree, folders first, with a keyword and pages', async () => {
    expectOk(await c.t.call('/api/kb/files/mkdir', { path: '/工作', name: 'b-文件夹' }, c.alice));
    await uploadOne(c, c.alice, 'a.txt', 'a', { path: '/工作' });
    const page = expectOk(await c.t.call('/api/kb/files/list', { path: '/工作/', page_size: 2 }, c.alice));
    expect(page.total).toBe(3);
    expect(page.list.map((entry: FileEntry) => [entry.name, entry.kind, entry.path, entry.editable])).toEqual([
      ['b-文件夹', 'folder', '/工作', true],
      ['a.txt', 'file', '/工作', true],
    ]);
    expect(expectOk(await c.t.call('/api/kb/files/list', { path: '/工作', keyword: '计划' }, c.alice)).list.map((entry: FileEntry) => entry.name)).toEqual(['计划.txt']);
    expect(await namesIn(c.t, c.bob, '/')).toEqual([]);
    expectCode(await c.t.call('/api/kb/files/list', { path: '/工作' }, c.bob), 40401, '文件夹「/工作」不存在');
    expectCode(await c.t.call('/api/kb/files/list', { path: '/../etc' }, c.alice), 40001, /path/);
  });

  it('mkdir creates missing parents and refuses a name that exists', async () => {
    const folder = expectOk(await c.t.call<FileEntry>('/api/kb/files/mkdir', { path: '/x/y', name: 'z' }, c.alice));
    expect(folder).toMatchObject({ kind: 'folder', name: 'z', path: '/x/y', size: null, is_private: true });
    expectCode(await c.t.call('/api/kb/files/mkdir', { path: '/x/y', name: 'z' }, c.alice), 40901, '目标位置已存在同名文件');
    expectCode(await c.t.call('/api/kb/files/mkdir', { path: '/', name: '../z' }, c.alice), 40001, /name/);
    expectCode(await c.t.call('/api/kb/files/mkdir', { path: '/工作/计划.txt', name: 'q' }, c.alice), 40901, '「计划.txt」是文件，不是文件夹');
  });

  it('another user cannot see, read, change or share a private file: always 40401, nothing changes', async () => {
    const before = await rowOf(aliceFile.id);
    expectCode(await c.t.call('/api/kb/files/download', { file_id: aliceFile.id }, c.bob), 40401, '文件不存在');
    expect((await detail(c.bob, aliceFile.id)).body.code).toBe(40401);
    expectCode(await c.t.call('/api/kb/files/move', { ids: [aliceFile.id], target_path: '/', name: 'stolen.txt' }, c.bob), 40401);
    expectCode(await c.t.call('/api/kb/files/delete', { ids: [aliceFile.id] }, c.bob), 40401);
    expectCode(await c.t.call('/api/kb/files/share', { file_id: aliceFile.id, make_public: true }, c.bob), 40401);
    expectCode(await c.t.call('/api/kb/files/share', { file_id: aliceFile.id, expires_in_hours: 5 }, c.bob), 40401);
    // Administrators do not read private files either.
    expectCode(await c.t.call('/api/kb/files/download', { file_id: aliceFile.id }, c.admin), 40401);
    expect(await rowOf(aliceFile.id)).toEqual(before);
  });

  it('downloads with the right headers; HTML is never inline', async () => {
    const file = await download(c.t, c.alice, aliceFile.id);
    expect(file.status).toBe(200);
    expect(file.body.toString()).toBe('私有内容');
    expect(file.headers).toMatchObject({
      'content-type': 'text/plain',
      'content-length': String(Buffer.byteLength('私有内容')),
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="__.txt"; filename*=UTF-8''${encodeURIComponent('计划.txt')}`,
    });
    const html = await uploadOne(c, c.alice, 'x.html', '<script>1</script>');
    expect((await download(c.t, c.alice, html.id)).headers['content-disposition']).toMatch(/^attachment; /);
    const svg = await uploadOne(c, c.alice, 'x.svg', '<svg onload="alert(1)"/>');
    expect((await download(c.t, c.alice, svg.id)).headers['content-disposition']).toMatch(/^attachment; /);
    expectCode(await c.t.call('/api/kb/files/download', { file_id: aliceFile.id, blob: true }, c.bob), 40401);
  });

  it('moves and renames within the tree; refuses clashes and moving a folder into itself', async () => {
    const folder = expectOk(await c.t.call<FileEntry>('/api/kb/files/mkdir', { path: '/', name: '移动' }, c.alice));
    const inner = expectOk(await c.t.call<FileEntry>('/api/kb/files/mkdir', { path: '/移动', name: '里面' }, c.alice));
    const file = await uploadOne(c, c.alice, 'm.txt', 'm', { path: '/移动' });
    const moved = expectOk(await c.t.call<FileEntry[]>('/api/kb/files/move', { ids: [file.id], target_path: '/移动/里面', name: '新名.txt' }, c.alice));
    expect(moved.map((entry) => [entry.name, entry.path])).toEqual([['新名.txt', '/移动/里面']]);
    await uploadOne(c, c.alice, '新名.txt', 'other', { path: '/移动' });
    expectCode(await c.t.call('/api/kb/files/move', { ids: [file.id], target_path: '/移动' }, c.alice), 40901, '目标位置已存在同名文件');
    expectCode(await c.t.call('/api/kb/files/move', { ids: [folder.id], target_path: '/移动/里面' }, c.alice), 40001, '不能把文件夹移动到它自己或它的子文件夹中');
    expectCode(await c.t.call('/api/kb/files/move', { ids: [inner.id], target_path: '/移动/里面' }, c.alice), 40001);
    expectCode(await c.t.call('/api/kb/files/move', { ids: [file.id], target_path: '/不存在' }, c.alice), 40401, '文件夹「/不存在」不存在');
    expectCode(await c.t.call('/api/kb/files/move', { ids: [file.id, folder.id], target_path: '/', name: 'x' }, c.alice), 40001, /重命名时只能选择一项/);
    // The whole subtree moves with its folder.
    expectOk(await c.t.call('/api/kb/files/move', { ids: [folder.id], target_path: '/工作' }, c.alice));
    expect(await namesIn(c.t, c.alice, '/工作/移动/里面')).toEqual(['新名.txt']);
    expect(expectOk(await detail(c.alice, file.id)).path).toBe('/工作/移动/里面');
  });

  it('detail answers the path, sha256 and the live share link', async () => {
    const data = expectOk(await detail(c.alice, aliceFile.id));
    expect(data).toMatchObject({ id: aliceFile.id, name: '计划.txt', path: '/工作', share_url: null, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
});

describe('public tree, share links, signed links, recursive deletes', () => {
  let c: FilesTestContext;
  const links = createFileLinks(SECRET);
  beforeAll(async () => {
    c = await startFilesTestApp({ SECRET_KEY: SECRET.toString('hex') });
  });
  afterAll(() => c.close());

  it('everyone reads the public tree; only the uploader or an administrator changes an entry', async () => {
    const file = await uploadOne(c, c.alice, '公告.txt', '大家好', { path: '/公共', is_private: 'false' });
    expect(file.is_private).toBe(false);
    const seen = expectOk(await c.t.call('/api/kb/files/list_public', { path: '/公共' }, c.bob));
    expect(seen.list.map((entry: FileEntry) => [entry.name, entry.editable, entry.owner_name])).toEqual([['公告.txt', false, '昵称files_alice']]);
    expect((await download(c.t, c.bob, file.id)).body.toString()).toBe('大家好');
    expect(await namesIn(c.t, c.bob, '/')).toEqual([]);
    const locked = '只有上传者或管理员可以修改公共文件';
    expectCode(await c.t.call('/api/kb/files/move', { ids: [file.id], target_path: '/公共', name: 'b.txt' }, c.bob), 40301, locked);
    expectCode(await c.t.call('/api/kb/files/delete', { ids: [file.id] }, c.bob), 40301, locked);
    expectCode(await c.t.call('/api/kb/files/share', { file_id: file.id, expires_in_hours: 1 }, c.bob), 40301, locked);
    // Bob may add his own file to the public folder, but cannot override Alice's.
    await uploadOne(c, c.bob, 'bob.txt', 'bob', { path: '/公共', is_private: 'false' });
    const clash = await uploadFiles(c, c.bob, { path: '/公共', is_private: 'false', override: 'true' }, [{ name: '公告.txt', content: 'x' }]);
    expect(clash.body.data.failed).toEqual([{ name: '公告.txt', reason: '同名文件属于其他用户，不能覆盖', code: 40301 }]);
    // Alice cannot delete the folder that holds Bob's file; the administrator can rename hers.
    const folderId = (await c.t.rows<{ id: string }>(sql`select id from files where name = '公共'`))[0]!.id;
    expectCode(await c.t.call('/api/kb/files/delete', { ids: [folderId] }, c.alice), 40301, '文件夹中有其他用户的文件，只有管理员可以这样操作');
    expectOk(await c.t.call('/api/kb/files/move', { ids: [file.id], target_path: '/公共', name: '公告-改.txt' }, c.admin));
  });

  it('make_public moves a private file to the same path in the public tree, and back', async () => {
    const file = await uploadOne(c, c.alice, '转公开.txt', 'p', { path: '/共享/a' });
    const share = (body: object) => callWithDigest(c.t, '/api/kb/files/share', { file_id: file.id, ...body }, c.alice);
    const shown = expectOk(await share({ make_public: true }));
    expect(shown).toMatchObject({ is_private: false, path: '/共享/a' });
    expect(await namesIn(c.t, c.bob, '/共享/a', 'list_public')).toEqual(['转公开.txt']);
    expect(await namesIn(c.t, c.alice, '/共享/a')).toEqual([]);
    expectOk(await share({ make_public: false }));
    expect(await namesIn(c.t, c.bob, '/共享/a', 'list_public')).toEqual([]);
    expectCode(await c.t.call('/api/kb/files/download', { file_id: file.id }, c.bob), 40401);
    expectCode(await share({}), 40001, /公开或设置分享有效期/);
  });

  it('a share link downloads without a session until it expires or is revoked; tampered links fail', async () => {
    const file = await uploadOne(c, c.alice, '分享.txt', 'shared bytes');
    const share = (hours: number) => callWithDigest<FileDetail>(c.t, '/api/kb/files/share', { file_id: file.id, expires_in_hours: hours }, c.alice);
    const shared = expectOk(await share(2));
    expect(shared.share_expires_at).not.toBeNull();
    const url = new URL(shared.share_url!);
    expect(url.pathname).toMatch(/^\/api\/kb\/files\/shared\//);
    const ok = await getLink(c.t, url.pathname);
    expect(ok.status).toBe(200);
    expect(ok.body.toString()).toBe('shared bytes');
    expect(ok.headers['content-disposition']).toContain("filename*=UTF-8''");

    const token = url.pathname.split('/').pop()!;
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect(JSON.parse((await getLink(c.t, `/api/kb/files/shared/${tampered}`)).body.toString())).toMatchObject({ code: 40401, msg: '链接无效或已过期' });
    // A signed-download token is not a share token, and vice versa.
    expect((await getLink(c.t, `/api/common/file/signed/${token}`)).status).toBe(404);
    // Expired in the database: refused although the token's own expiry is later.
    await c.t.rows(sql`update files set share_expires_at = now() - interval '1 minute' where id = ${file.id}`);
    expect((await getLink(c.t, url.pathname)).status).toBe(404);
    await c.t.rows(sql`update files set share_expires_at = ${shared.share_expires_at} where id = ${file.id}`);
    expect((await getLink(c.t, url.pathname)).status).toBe(200);
    expect(expectOk(await share(0))).toMatchObject({ share_url: null, share_expires_at: null });
    expect((await getLink(c.t, url.pathname)).status).toBe(404);
  });

  it('signed links: valid, expired, tampered, for a deleted file', async () => {
    const file = await uploadOne(c, c.bob, 's.txt', 'sig');
    const valid = links.sign('signed', { fileId: file.id, expiresAt: new Date(Date.now() + 60_000) });
    expect((await getLink(c.t, `/api/common/file/signed/${valid}`)).body.toString()).toBe('sig');
    const expired = links.sign('signed', { fileId: file.id, expiresAt: new Date(Date.now() - 1000) });
    expect((await getLink(c.t, `/api/common/file/signed/${expired}`)).status).toBe(404);
    const other = await uploadOne(c, c.bob, 'other.txt', 'other');
    const swapped = valid.replace(file.id, other.id);
    expect((await getLink(c.t, `/api/common/file/signed/${swapped}`)).status).toBe(404);
    expect((await getLink(c.t, `/api/common/file/signed/${createFileLinks(Buffer.alloc(32, 1)).sign('signed', { fileId: file.id, expiresAt: new Date(Date.now() + 60_000) })}`)).status).toBe(
      404,
    );
    expectOk(await c.t.call('/api/kb/files/delete', { ids: [file.id] }, c.bob));
    expect((await getLink(c.t, `/api/common/file/signed/${valid}`)).status).toBe(404);
  });

  it('deleting a folder deletes everything inside, rows and blobs', async () => {
    await uploadOne(c, c.bob, '1.txt', '1', { path: '/删/a' });
    await uploadOne(c, c.bob, '2.txt', '2', { path: '/删/a/b' });
    await uploadOne(c, c.bob, '3.txt', '3', { path: '/删' });
    const blobs = await c.blobCount();
    const rows = await c.t.count('files');
    const folderId = (await c.t.rows<{ id: string }>(sql`select id from files where name = '删'`))[0]!.id;
    expectOk(await c.t.call('/api/kb/files/delete', { ids: [folderId] }, c.bob));
    expect(await c.t.count('files')).toBe(rows - 6);
    expect(await c.blobCount()).toBe(blobs - 3);
    expectCode(await c.t.call('/api/kb/files/delete', { ids: [folderId] }, c.bob), 40401);
  });
});
