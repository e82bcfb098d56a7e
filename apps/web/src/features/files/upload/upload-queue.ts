import { uploadFolderFor } from '../file-paths';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  id: string;
  name: string;
  /** The folder it goes into. */
  folder: string;
  size: number;
  /** Bytes sent so far. */
  loaded: number;
  status: UploadStatus;
  error?: string;
}

export type UploadAction =
  | { type: 'add'; items: UploadItem[] }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; loaded: number }
  | { type: 'done'; id: string }
  | { type: 'failed'; id: string; error: string }
  | { type: 'clearFinished' };

/** A file to upload and where it sits inside a chosen or dropped folder (`资料/图片/a.png`; '' for a plain file). */
export interface PickedFile {
  file: File;
  relativePath: string;
}

/** Files from an `<input type=file>`: a folder's files carry `webkitRelativePath`. */
export function pickedFromInput(files: File[]): PickedFile[] {
  return files.map((file) => ({ file, relativePath: file.webkitRelativePath || '' }));
}

let sequence = 0;

/** The upload list's items for picked files, each with the folder it goes into (folders keep their layout). */
export function uploadItemsFrom(picked: PickedFile[], base: string): Array<{ item: UploadItem; file: File }> {
  return picked.map(({ file, relativePath }) => {
    sequence += 1;
    return {
      file,
      item: { id: `upload-${sequence}`, name: file.name, folder: uploadFolderFor(base, relativePath), size: file.size, loaded: 0, status: 'queued' },
    };
  });
}

function update(items: UploadItem[], id: string, change: Partial<UploadItem>): UploadItem[] {
  return items.map((item) => (item.id === id ? { ...item, ...change } : item));
}

export function uploadReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.type) {
    case 'add':
      return [...items, ...action.items];
    case 'start':
      return update(items, action.id, { status: 'uploading', loaded: 0, error: undefined });
    case 'progress': {
      const item = items.find((candidate) => candidate.id === action.id);
      // The multipart body is a little larger than the file: never show more than the file itself.
      return item ? update(items, action.id, { loaded: Math.min(action.loaded, item.size) }) : items;
    }
    case 'done': {
      const item = items.find((candidate) => candidate.id === action.id);
      return update(items, action.id, { status: 'done', loaded: item?.size ?? 0 });
    }
    case 'failed':
      return update(items, action.id, { status: 'failed', error: action.error });
    case 'clearFinished':
      return items.filter((item) => item.status === 'queued' || item.status === 'uploading');
  }
}

/** A file's progress in percent (an empty file is done once it is). */
export function itemPercent(item: UploadItem): number {
  if (item.status === 'done') return 100;
  if (item.size === 0) return 0;
  return Math.floor((item.loaded / item.size) * 100);
}

export interface UploadSummary {
  total: number;
  done: number;
  failed: number;
  /** Still queued or uploading. */
  active: number;
  /** Bytes sent over bytes to send, in percent. */
  percent: number;
}

export function uploadSummary(items: UploadItem[]): UploadSummary {
  const size = items.reduce((sum, item) => sum + item.size, 0);
  const loaded = items.reduce((sum, item) => sum + (item.status === 'done' ? item.size : item.loaded), 0);
  const count = (status: UploadStatus) => items.filter((item) => item.status === status).length;
  const done = count('done');
  return {
    total: items.length,
    done,
    failed: count('failed'),
    active: count('queued') + count('uploading'),
    percent: size === 0 ? (items.length > 0 && done === items.length ? 100 : 0) : Math.floor((loaded / size) * 100),
  };
}

/** Runs `task` over `inputs` with at most `limit` at a time; resolves when all have settled. */
export async function runPool<T>(inputs: T[], limit: number, task: (input: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const input = inputs[next] as T;
      next += 1;
      await task(input);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
}
