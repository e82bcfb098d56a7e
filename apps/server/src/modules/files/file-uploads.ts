import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { normalizeFolderPath, type FileEntry } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { AppError, badInput, type UploadParts, type Viewer } from '../../core/index.js';
import { BlobTooLargeError, type BlobStore, type StoredBlob } from '../../platform/storage/index.js';
import { fileTooLarge } from './files.errors.js';
import { canChange, toFileEntry } from './files.mapper.js';
import * as repo from './files.repo.js';
import { resolveFolder } from './folders.js';
import { mimeOf } from './mime.js';
import { readHead, SMALL_FILE_BYTES, taskLimiter } from './upload-buffer.js';

export interface UploadTarget {
  /** A normalised folder path; missing folders are created. */
  path: string;
  isPrivate: boolean;
  /** Replace a file of the same name; otherwise the new one is renamed `名称 (1).ext`. */
  override: boolean;
}

export interface ReceiveOptions extends UploadTarget {
  /** The multipart field that carries the files (`file`, `files`). */
  fileField: string;
  /**
   * Called once with the text fields that came before the first file (or all of them, when there is no
   * file): validate them (throwing refuses the whole request) and optionally change the target.
   */
  fields?: (fields: Record<string, string>) => Promise<Partial<UploadTarget> | void> | Partial<UploadTarget> | void;
}

export interface UploadFailure {
  name: string;
  reason: string;
  /** What this file alone would have failed with (41301 for an oversized one). */
  error: AppError;
}

export interface ReceivedUploads {
  fields: Record<string, string>;
  uploaded: FileEntry[];
  failed: UploadFailure[];
}

export interface UploadDeps {
  db: Db;
  store: BlobStore;
  maxBytes: number;
  /** Deletes a blob no row refers to any more (a replaced or refused file), logging a failure. */
  discardBlob(key: string): Promise<void>;
}

/** Most files one request may carry (the multipart reader's limit, `installMultipart`). */
export const MAX_FILES_PER_REQUEST = 1000;
/** Small files written to storage at once: their syncs overlap instead of queueing one by one. */
const PARALLEL_WRITES = 16;

type Target = UploadTarget & { parentId: string | null };
type StoredFile = StoredBlob & { key: string };
/** Small files' writes still running, and the first failure of the store itself among them. */
interface Writes {
  limiter: ReturnType<typeof taskLimiter>;
  broken: unknown;
}

/** A display name from whatever the browser sent: the last path segment, without characters we refuse. */
export function displayNameOf(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .map((char) => (char.charCodeAt(0) < 32 || char === '\u007f' || ':*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .trim();
  const name = cleaned === '' || cleaned === '.' || cleaned === '..' ? '未命名文件' : cleaned;
  if (name.length <= 100) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return name.slice(0, 100 - extension.length) + extension;
}

const MAX_NUMBERED = 999;

/** `报告.pdf` → `报告` and `.pdf`, the stem short enough for ` (999)` to fit the 100 characters. */
function numberingParts(name: string): [stem: string, extension: string] {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  return [stem.slice(0, 100 - extension.length - 6), extension];
}

/** Streams uploaded files into the blob store, then records them together; one failed file does not fail the others. */
export function createUploadReceiver({ db, store, maxBytes, discardBlob }: UploadDeps) {
  async function place(
    viewer: Viewer,
    scope: repo.TreeScope,
    parentId: string | null,
    override: boolean,
    name: string,
    blob: Omit<repo.NewFileRow, 'ownerId' | 'tree' | 'kind' | 'parentId' | 'name'>,
  ) {
    if (override) {
      const existing = await repo.findChild(db, scope, parentId, name);
      if (existing?.kind === 'folder') throw new AppError('CONFLICT', '目标位置已存在同名文件夹');
      if (existing && !canChange(viewer, existing)) throw new AppError('FORBIDDEN', '同名文件属于其他用户，不能覆盖');
      if (existing) {
        const replaced = await repo.updateEntry(db, existing.id, blob);
        if (replaced) {
          if (existing.storageKey) await discardBlob(existing.storageKey);
          return replaced;
        }
      }
    }
    const insert = (entryName: string) => repo.insertEntry(db, { ...blob, ownerId: viewer.id, tree: scope.tree, kind: 'file', parentId, name: entryName });
    const row = await insert(name);
    if (row) return row;
    // Taken: `名称 (n).ext` with the first free n, looked up at once (a folder may hold hundreds of copies).
    const [stem, extension] = numberingParts(name);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const n = await repo.firstFreeNumber(db, scope, parentId, stem, extension, MAX_NUMBERED);
      if (n === undefined) break;
      const numbered = await insert(`${stem} (${n})${extension}`);
      if (numbered) return numbered;
    }
    throw new AppError('CONFLICT', '同名文件太多，请换个名称');
  }

  /** Stores one file's bytes under a new key; a small file is written while the next part arrives (`later`). */
  async function storeContent(content: Readable & { truncated?: boolean }, later: Writes, done: (result: StoredFile | AppError) => void) {
    const key = `files/${randomUUID()}`;
    const put = async (body: Readable): Promise<StoredFile | AppError> => {
      try {
        const stored = await store.put(key, body, { maxBytes });
        // busboy stops at the limit and marks the part truncated: the stored bytes are not the whole file.
        if (content.truncated) throw fileTooLarge(maxBytes);
        return { key, ...stored };
      } catch (error) {
        await discardBlob(key);
        if (error instanceof BlobTooLargeError) return fileTooLarge(maxBytes);
        if (error instanceof AppError) return error;
        throw error;
      }
    };
    const head = await readHead(content, SMALL_FILE_BYTES);
    if ('whole' in head) {
      await later.limiter.add(async () => {
        try {
          done(await put(Readable.from([head.whole])));
        } catch (error) {
          later.broken ??= error;
        }
      });
    } else {
      done(await put(head.rest));
      // A refused file's remaining bytes are skipped, so that the next part can arrive.
      content.resume();
    }
  }

  /** Rows for the stored files: all in one statement where the names are free; the rest one by one (replacing or numbering). */
  async function record(viewer: Viewer, target: Target, files: Array<{ name: string; blob: StoredFile }>): Promise<Array<FileEntry | AppError>> {
    const scope = repo.treeScope(target.isPrivate ? 'private' : 'public', viewer.id);
    const rowOf = ({ name, blob }: { name: string; blob: StoredFile }) => ({ storageKey: blob.key, size: blob.size, sha256: blob.sha256, mime: mimeOf(name) });
    const inserted = target.override
      ? []
      : await repo.insertEntries(
          db,
          files.map((file) => ({ ...rowOf(file), ownerId: viewer.id, tree: scope.tree, kind: 'file' as const, parentId: target.parentId, name: file.name })),
        );
    const byKey = new Map(inserted.map((row) => [row.storageKey, row.id]));
    const ids: Array<string | AppError> = [];
    for (const file of files) {
      const id = byKey.get(file.blob.key);
      if (id) {
        ids.push(id);
        continue;
      }
      try {
        ids.push((await place(viewer, scope, target.parentId, target.override, file.name, rowOf(file))).id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await discardBlob(file.blob.key);
        ids.push(error);
      }
    }
    const rows = new Map(
      (
        await repo.findByIds(
          db,
          ids.filter((id): id is string => typeof id === 'string'),
        )
      ).map((row) => [row.id, row]),
    );
    return ids.map((id) => (typeof id === 'string' ? toFileEntry(rows.get(id)!, target.path, viewer) : id));
  }

  return async function receiveUploads(viewer: Viewer, parts: UploadParts, options: ReceiveOptions): Promise<ReceivedUploads> {
    const fields: Record<string, string> = {};
    let target: Target | undefined;
    const chooseTarget = async (): Promise<UploadTarget> => {
      const chosen = { path: options.path, isPrivate: options.isPrivate, override: options.override, ...(await options.fields?.(fields)) };
      const path = normalizeFolderPath(chosen.path);
      if (path === null) throw badInput('路径不合法：须以 / 开头，不能包含 ..、\\ 或特殊字符');
      return { ...chosen, path };
    };
    const decideTarget = async () => {
      const chosen = await chooseTarget();
      const scope = repo.treeScope(chosen.isPrivate ? 'private' : 'public', viewer.id);
      return { ...chosen, parentId: await resolveFolder(db, scope, chosen.path, viewer.id) };
    };

    // Each file's outcome, in the order the files came: stored bytes, or why this file alone failed.
    const outcomes: Array<{ name: string; result?: StoredFile | AppError }> = [];
    const later: Writes = { limiter: taskLimiter(PARALLEL_WRITES), broken: undefined };
    try {
      for await (const part of parts) {
        if (part.kind === 'field') {
          if (!target) fields[part.name] = part.value;
          continue;
        }
        if (part.field !== options.fileField) {
          part.content.resume();
          continue;
        }
        target ??= await decideTarget();
        const outcome: (typeof outcomes)[number] = { name: displayNameOf(part.fileName) };
        outcomes.push(outcome);
        await storeContent(part.content, later, (result) => {
          outcome.result = result;
        });
      }
      await later.limiter.drain();
      // Storage itself failed (not one file): the request fails, as a streamed write's failure does.
      if (later.broken) throw later.broken;
      if (!target) await chooseTarget();
    } catch (error) {
      await later.limiter.drain();
      await Promise.all(outcomes.map(({ result }) => (result && !(result instanceof AppError) ? discardBlob(result.key) : undefined)));
      throw error;
    }

    const stored = outcomes.flatMap(({ name, result }) => (result && !(result instanceof AppError) ? [{ name, blob: result }] : []));
    const recorded = target && stored.length > 0 ? await record(viewer, target, stored) : [];
    const uploaded: FileEntry[] = [];
    const failed: UploadFailure[] = [];
    let next = 0;
    for (const { name, result } of outcomes) {
      const outcome = result instanceof AppError || !result ? (result ?? new AppError('INTERNAL', '文件未能保存')) : recorded[next++]!;
      if (outcome instanceof AppError) failed.push({ name, reason: outcome.message, error: outcome });
      else uploaded.push(outcome);
    }
    return { fields, uploaded, failed };
  };
}
