import { describe, expect, it } from 'vitest';
import { itemPercent, pickedFromInput, runPool, uploadItemsFrom, uploadReducer, uploadSummary, type UploadItem } from './upload-queue';

function fileIn(folderPath: string, name: string, text: string): File {
  const file = new File([text], name);
  if (folderPath) Object.defineProperty(file, 'webkitRelativePath', { value: `${folderPath}/${name}` });
  return file;
}

describe('the upload queue', () => {
  it("sends a chosen folder's files into matching sub-folders", () => {
    const picked = pickedFromInput([fileIn('资料', 'a.txt', '1'), fileIn('资料/图片', 'b.png', '22'), fileIn('', 'c.md', '333')]);
    const items = uploadItemsFrom(picked, '/项目').map(({ item }) => item);
    expect(items.map((item) => [item.name, item.folder, item.size, item.status])).toEqual([
      ['a.txt', '/项目/资料', 1, 'queued'],
      ['b.png', '/项目/资料/图片', 2, 'queued'],
      ['c.md', '/项目', 3, 'queued'],
    ]);
    expect(new Set(items.map((item) => item.id)).size).toBe(3);
  });

  it('tracks each file from queued to done or failed, and the bytes overall', () => {
    const [a, b] = uploadItemsFrom(pickedFromInput([new File(['x'.repeat(100)], 'a'), new File(['y'.repeat(300)], 'b')]), '/').map(({ item }) => item) as [UploadItem, UploadItem];
    let items = uploadReducer([], { type: 'add', items: [a, b] });
    items = uploadReducer(items, { type: 'start', id: a.id });
    items = uploadReducer(items, { type: 'progress', id: a.id, loaded: 50 });
    expect(itemPercent(items[0] as UploadItem)).toBe(50);
    expect(uploadSummary(items)).toEqual({ total: 2, done: 0, failed: 0, active: 2, percent: 12 });

    // The multipart body is larger than the file: progress never shows more than the file.
    items = uploadReducer(items, { type: 'progress', id: a.id, loaded: 180 });
    expect(items[0]?.loaded).toBe(100);
    items = uploadReducer(items, { type: 'done', id: a.id });
    items = uploadReducer(items, { type: 'start', id: b.id });
    items = uploadReducer(items, { type: 'failed', id: b.id, error: '文件过大' });
    expect(items.map((item) => item.status)).toEqual(['done', 'failed']);
    expect(items[1]?.error).toBe('文件过大');
    expect(uploadSummary(items)).toEqual({ total: 2, done: 1, failed: 1, active: 0, percent: 25 });

    expect(uploadReducer(items, { type: 'clearFinished' })).toEqual([]);
  });

  it('counts an empty file as done only once it is', () => {
    const [empty] = uploadItemsFrom(pickedFromInput([new File([], 'empty.txt')]), '/').map(({ item }) => item) as [UploadItem];
    expect(itemPercent(empty)).toBe(0);
    expect(uploadSummary([empty]).percent).toBe(0);
    const done = uploadReducer([empty], { type: 'done', id: empty.id });
    expect(itemPercent(done[0] as UploadItem)).toBe(100);
    expect(uploadSummary(done).percent).toBe(100);
  });

  it('runs at most `limit` uploads at a time and all of them', async () => {
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (input) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5 * (input % 3)));
      running -= 1;
      finished.push(input);
    });
    expect(most).toBe(3);
    expect(finished.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
