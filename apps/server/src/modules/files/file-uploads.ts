import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { normalizeFolderPath, type FileEntry } from '@agent-platform/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/index.js';
import { AppError, badInput, type Viewer } from '../../core/index.js';
import { BlobTooLargeError, type BlobStore } from '../../platform/storage/index.js';
import { fileTooLarge } from './files.errors.js';
import { canChange, toFileEntry } from './files.mapper.js';
import * as repo from './files.repo.js';
import { resolveFolder } from './folders.js';
import { mimeOf } from './mime.js';

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

const MAX_FILES_PER_REQUEST = 1000;

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

/** Streams multipart files into the blob store, then records them; one failed file does not fail the others. */
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

  async function receiveOne(viewer: Viewer, target: UploadTarget & { parentId: string | null }, fileName: string | undefined, body: Readable & { truncated?: boolean }) {
    const name = displayNameOf(fileName);
    const key = `files/${randomUUID()}`;
    let stored;
    try {
      stored = await store.put(key, body, { maxBytes });
    } catch (error) {
      if (error instanceof BlobTooLargeError) throw fileTooLarge(maxBytes);
      throw error;
    }
    try {
      // busboy stops at the limit and marks the part truncated: the stored bytes are not the whole file.
      if (body.truncated) throw fileTooLarge(maxBytes);
      const scope = repo.treeScope(target.isPrivate ? 'private' : 'public', viewer.id);
      const row = await place(viewer, scope, target.parentId, target.override, name, { storageKey: key, size: stored.size, sha256: stored.sha256, mime: mimeOf(name) });
      return toFileEntry((await repo.findById(db, row.id))!, target.path, viewer);
    } catch (error) {
      await discardBlob(key);
      throw error;
    }
  }

  return async function receiveUploads(viewer: Viewer, request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedUploads> {
    if (!request.isMultipart()) throw badInput('请使用 multipart/form-data 上传文件');
    const fields: Record<string, string> = {};
    const uploaded: FileEntry[] = [];
    const failed: UploadFailure[] = [];
    let target: (UploadTarget & { parentId: string | null }) | undefined;

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

    const parts = request.parts({
      limits: { fileSize: maxBytes, files: MAX_FILES_PER_REQUEST, fields: 50, fieldSize: 64 * 1024, parts: MAX_FILES_PER_REQUEST + 50 },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (!target) fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== options.fileField) {
          part.file.resume();
          continue;
        }
        target ??= await decideTarget();
        try {
          uploaded.push(await receiveOne(viewer, target, part.filename, part.file));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          part.file.resume();
          failed.push({ name: displayNameOf(part.filename), reason: error.message, error });
        }
      }
      if (!target) await chooseTarget();
    } catch (error) {
      // Refusing mid-request: discard the rest of the body so the answer reaches the client.
      request.raw.unpipe();
      request.raw.resume();
      throw error;
    }
    return { fields, uploaded, failed };
  };
}
