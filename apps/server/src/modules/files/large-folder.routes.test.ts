// A folder of 10,000 files: uploading into it, renaming in it and listing it cost about what they cost
// in an empty folder. The 10,000 rows are written straight into the table (uploading them would take
// minutes); every measured operation goes through the API. The times are printed.
import type { FileEntry } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/harness.js';
import { startFilesTestApp, uploadOne, type FilesTestContext } from '../../../test/fixtures/files.js';

const FOLDER_FILES = 10_000;
const COPIES = 300;
const ROUNDS = 15;

let c: FilesTestContext;

beforeAll(async () => {
  c = await startFilesTestApp();
  for (const name of ['空文件夹', '大文件夹']) expectOk(await c.t.call('/api/kb/files/mkdir', { path: '/', name }, c.alice));
  const [{ id: ownerId }] = (await c.t.rows<{ id: string }>(sql`select id from users where user_name = 'files_alice'`)) as [{ id: string }];
  const [{ id: folderId }] = (await c.t.rows<{ id: string }>(sql`select id from files where owner_id = ${ownerId} and name = '大文件夹'`)) as [{ id: string }];
  await c.t.rows(sql`
    insert into files (owner_id, tree, kind, parent_id, name, storage_key, size, mime, sha256)
    select ${ownerId}::uuid, 'private', 'file', ${folderId}::uuid, '资料-' || lpad(n::text, 5, '0') || '.txt', 'files/none-' || n, 10, 'text/plain', md5(n::text) || md5(n::text)
    from generate_series(1, ${FOLDER_FILES}) n`);
  // Hundreds of earlier uploads of one name: a new upload of it is numbered after them.
  await c.t.rows(sql`
    insert into files (owner_id, tree, kind, parent_id, name, storage_key, size, mime, sha256)
    select ${ownerId}::uuid, 'private', 'file', ${folderId}::uuid, case when n = 0 then '报告.txt' else '报告 (' || n || ').txt' end, 'files/none-copy-' || n, 10, 'text/plain', md5(n::text) || md5(n::text)
    from generate_series(0, ${COPIES - 1}) n`);
  await c.t.rows(sql`analyze files`);
}, 120_000);

afterAll(() => c?.close());

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median milliseconds of upload, rename and two list pages, `ROUNDS` times each, in `folder`. */
async function measure(folder: string, label: string): Promise<Record<string, number>> {
  const times: Record<string, number[]> = { upload: [], rename: [], 'list page 1': [], 'list last page': [] };
  for (let i = 0; i < ROUNDS; i += 1) {
    const [entry, upload] = await timed(() => uploadOne(c, c.alice, `新文件-${label}-${i}.txt`, 'hello', { path: folder }));
    times.upload!.push(upload);
    const [, rename] = await timed(async () => expectOk(await c.t.call('/api/kb/files/move', { ids: [entry.id], target_path: folder, name: `改名-${label}-${i}.txt` }, c.alice)));
    times.rename!.push(rename);
    const [first, list] = await timed(async () => expectOk(await c.t.call<{ total: number; list: FileEntry[] }>('/api/kb/files/list', { path: folder, page: 1, page_size: 20 }, c.alice)));
    times['list page 1']!.push(list);
    const lastPage = Math.ceil(first.total / 20);
    const [last, listLast] = await timed(async () =>
      expectOk(await c.t.call<{ total: number; list: FileEntry[] }>('/api/kb/files/list', { path: folder, page: lastPage, page_size: 20 }, c.alice)),
    );
    times['list last page']!.push(listLast);
    expect(last.list.length).toBeGreaterThan(0);
  }
  return Object.fromEntries(Object.entries(times).map(([name, values]) => [name, Math.round(median(values) * 10) / 10]));
}

describe(`a folder of ${FOLDER_FILES.toLocaleString('en')} files`, () => {
  it('uploads, renames and lists about as fast as in an empty folder', async () => {
    await measure('/空文件夹', 'warm-up');
    const empty = await measure('/空文件夹', 'empty');
    const full = await measure('/大文件夹', 'full');
    console.log(`[${c.t.dialect}] median ms over ${ROUNDS} rounds, empty folder vs ${FOLDER_FILES} files:`, JSON.stringify({ empty, full }));
    for (const operation of Object.keys(empty)) {
      // Generous for a shared machine: a cost that grew with the folder would be many times over.
      expect(full[operation], operation).toBeLessThan(empty[operation]! * 3 + 15);
    }
    const listed = expectOk(await c.t.call<{ total: number }>('/api/kb/files/list', { path: '/大文件夹', page_size: 1 }, c.alice));
    expect(listed.total).toBe(FOLDER_FILES + COPIES + ROUNDS);
  });

  it(`numbers an upload after ${COPIES} copies of its name with one lookup`, async () => {
    const [entry, ms] = await timed(() => uploadOne(c, c.alice, '报告.txt', 'again', { path: '/大文件夹' }));
    console.log(`[${c.t.dialect}] upload numbered after ${COPIES} copies: ${ms.toFixed(1)} ms`);
    expect(entry.name).toBe(`报告 (${COPIES}).txt`);
  });
});
