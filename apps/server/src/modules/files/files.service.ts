import type { Readable } from 'node:stream';
import type { FileDetail, FileEntry, ListFilesBody, MkdirBody, MoveFilesBody, Page, ShareFileBody } from '@agent-platform/contracts';
import { badInput, isAdmin, type Logger, namedUsers, type ReferenceRegistry, type UploadParts, type Viewer } from '../../core/index.js';
import { withTransaction, isUniqueViolation, type Db } from '../../platform/db/index.js';
import { sha256 } from '../../platform/security/index.js';
import { BlobNotFoundError, type BlobStore, type ByteRange } from '../../platform/storage/index.js';
import type { FileLinks, LinkPurpose } from './file-links.js';
import type { ReceiveOptions, ReceivedUploads } from './file-uploads.js';
import { contentMissing, fileInUse, fileNotFound, linkInvalid, nameTaken, othersFilesInside, publicEntryLocked } from './files.errors.js';
import { canChange, canRead, liveShareExpiry, toFileDetail, toFileEntry } from './files.mapper.js';
import * as repo from './files.repo.js';
import type { FileTree } from './files.tables.js';
import type { OpenedFolder } from './folder-zip.js';
import { folderPathOf, resolveFolder } from './folders.js';

/** Names what uses the given files, e.g. `知识库「产品手册」`; an empty list means unused. */

export interface OpenedFile {
  entry: FileEntry;
  /** The file's bytes, or only `range` of them. */
  open(range?: ByteRange): Promise<Readable>;
}

export interface FileServiceDeps {
  db: Db;
  store: BlobStore;
  links: FileLinks;
  log: Logger;
  /** Modules that refer to files (knowledge bases …): a file in use is not deleted. */
  references: ReferenceRegistry<Db>;
}

const HOUR_MS = 3600_000;

function hasSqlState(error: unknown, state: string): boolean {
  for (let current = error, depth = 0; current instanceof Object && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Where links point: `origin` is the scheme and host the caller reached us at. */
export const linkUrl = (origin: string, purpose: LinkPurpose, token: string) => `${origin}/api/${purpose === 'share' ? 'kb/files/shared' : 'common/file/signed'}/${token}`;

export type FileManager = ReturnType<typeof createFileManager>;

/** What the routes and other modules use: the file manager, and uploads streamed into it. */
export type FileService = FileManager & {
  /** Streams an upload's files into storage and records them; text fields must come before the files. */
  receiveUploads(viewer: Viewer, parts: UploadParts, options: ReceiveOptions): Promise<ReceivedUploads>;
};

/** The file manager's rules: who reads and changes what, folders, moves, deletes and share links. */
export function createFileManager({ db, store, links, log, references }: FileServiceDeps) {
  async function getReadable(viewer: Viewer, id: string): Promise<repo.FileWithOwner> {
    const row = await repo.findById(db, id);
    if (!row || !canRead(viewer, row)) throw fileNotFound();
    return row;
  }

  async function getChangeable(viewer: Viewer, id: string): Promise<repo.FileWithOwner> {
    const row = await getReadable(viewer, id);
    if (!canChange(viewer, row)) throw publicEntryLocked();
    return row;
  }

  /** A folder's contents may belong to others only in the public tree, where only an administrator acts on all of them. */
  function assertOwnsSubtree(viewer: Viewer, entries: repo.SubtreeEntry[]): void {
    if (!isAdmin(viewer) && entries.some((entry) => entry.ownerId !== viewer.id)) throw othersFilesInside();
  }

  async function detailOf(viewer: Viewer, row: repo.FileWithOwner, origin: string): Promise<FileDetail> {
    const expiresAt = liveShareExpiry(row);
    const shareUrl = expiresAt ? linkUrl(origin, 'share', links.sign('share', { fileId: row.id, expiresAt })) : null;
    return toFileDetail(row, await folderPathOf(db, row.id), viewer, shareUrl);
  }

  async function readBlob(key: string, range?: ByteRange): Promise<Readable> {
    try {
      return await store.get(key, range);
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw contentMissing();
      throw error;
    }
  }

  function opened(row: repo.FileWithOwner, entry: FileEntry): OpenedFile {
    const key = row.storageKey;
    return {
      entry,
      async open(range) {
        if (!key) throw contentMissing();
        return readBlob(key, range);
      },
    };
  }

  async function openRow(row: repo.FileWithOwner | undefined, viewer: Viewer): Promise<OpenedFile | undefined> {
    if (!row || row.kind !== 'file') return undefined;
    return opened(row, toFileEntry(row, await folderPathOf(db, row.id), viewer));
  }

  /** Moves and renames inside one transaction: a name clash anywhere undoes all of it. */
  async function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await withTransaction(db, work);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  return {
    async listFiles(viewer: Viewer, tree: FileTree, { path, keyword, page, page_size }: ListFilesBody): Promise<Page<FileEntry>> {
      const scope = repo.treeScope(tree, viewer.id);
      const folderId = await resolveFolder(db, scope, path);
      const { total, rows } = await repo.listChildren(db, scope, folderId, keyword, (page - 1) * page_size, page_size);
      return { total, list: rows.map((row) => toFileEntry(row, path, viewer)) };
    },

    async mkdir(viewer: Viewer, { path, name, is_private }: MkdirBody): Promise<FileEntry> {
      const scope = repo.treeScope(is_private ? 'private' : 'public', viewer.id);
      const parentId = await resolveFolder(db, scope, path, viewer.id);
      const row = await repo.insertEntry(db, { ownerId: viewer.id, tree: scope.tree, kind: 'folder', parentId, name });
      if (!row) throw nameTaken();
      return toFileEntry((await repo.findById(db, row.id))!, path, viewer);
    },

    async getDetail(viewer: Viewer, id: string, origin: string): Promise<FileDetail> {
      return detailOf(viewer, await getReadable(viewer, id), origin);
    },

    async moveFiles(viewer: Viewer, { ids, target_path, name }: MoveFilesBody): Promise<FileEntry[]> {
      const rows = await Promise.all([...new Set(ids)].map((id) => getChangeable(viewer, id)));
      const tree = rows[0]!.tree;
      if (rows.some((row) => row.tree !== tree)) throw badInput('只能在同一个目录树内移动');
      const scope = repo.treeScope(tree, rows[0]!.ownerId);
      const targetId = await resolveFolder(db, scope, target_path);
      if (targetId) {
        const targetChain = new Set([...(await repo.listAncestors(db, targetId)).map((folder) => folder.id), targetId]);
        if (rows.some((row) => targetChain.has(row.id))) throw badInput('不能把文件夹移动到它自己或它的子文件夹中');
      }
      await inTransaction(async (tx) => {
        for (const row of rows) await repo.updateEntry(tx, row.id, { parentId: targetId, name: name ?? row.name });
      });
      const moved = await repo.findByIds(
        db,
        rows.map((row) => row.id),
      );
      return moved.map((row) => toFileEntry(row, target_path, viewer));
    },

    async deleteFiles(viewer: Viewer, ids: string[]): Promise<void> {
      const rows = await Promise.all([...new Set(ids)].map((id) => getChangeable(viewer, id)));
      const entries = await repo.listSubtrees(db, rows);
      assertOwnsSubtree(viewer, entries);
      const fileIds = entries.filter((entry) => entry.kind === 'file').map((entry) => entry.id);
      if (fileIds.length > 0) {
        const users = namedUsers(await references.usersOf('file', fileIds));
        if (users.length > 0) throw fileInUse([...new Set(users)]);
      }
      try {
        await repo.deleteEntries(
          db,
          rows.map((row) => row.id),
        );
      } catch (error) {
        // Something started using a file after the checks ran: its foreign key refuses the delete.
        if (hasSqlState(error, '23503')) throw fileInUse(['其他数据']);
        throw error;
      }
      // After commit: a crash here leaves orphan blobs, never a row without its blob.
      for (const entry of entries) {
        if (entry.storageKey) await store.delete(entry.storageKey).catch((error: unknown) => log.warn({ err: error, key: entry.storageKey }, 'could not delete a stored file'));
      }
    },

    async shareFile(viewer: Viewer, { file_id, make_public, expires_in_hours }: ShareFileBody, origin: string): Promise<FileDetail> {
      let row = await getChangeable(viewer, file_id);
      if (make_public !== undefined && make_public !== (row.tree === 'public')) {
        const entries = await repo.listSubtrees(db, [row]);
        if (!make_public) assertOwnsSubtree({ id: row.ownerId, role: 'user' }, entries);
        const tree: FileTree = make_public ? 'public' : 'private';
        const scope = repo.treeScope(tree, row.ownerId);
        const parentId = await resolveFolder(db, scope, await folderPathOf(db, row.id), row.ownerId);
        await inTransaction(async (tx) => {
          await repo.setTree(
            tx,
            entries.map((entry) => entry.id),
            tree,
          );
          await repo.updateEntry(tx, row.id, { parentId });
        });
      }
      if (expires_in_hours !== undefined) {
        if (row.kind !== 'file') throw badInput('只能为文件创建分享链接');
        const expiresAt = expires_in_hours > 0 ? new Date(Date.now() + expires_in_hours * HOUR_MS) : null;
        const token = expiresAt ? links.sign('share', { fileId: row.id, expiresAt }) : null;
        await repo.updateEntry(db, row.id, { shareTokenHash: token ? sha256(token) : null, shareExpiresAt: expiresAt });
      }
      row = (await repo.findById(db, row.id))!;
      return detailOf(viewer, row, origin);
    },

    /** A file the viewer may read (own, or public), and a way to read its bytes; 40401 otherwise. */
    async openForViewer(viewer: Viewer, fileId: string): Promise<OpenedFile> {
      const row = await getReadable(viewer, fileId);
      if (row.kind !== 'file') throw badInput('文件夹不能下载');
      return (await openRow(row, viewer))!;
    },

    /** A folder the viewer may read, with everything inside it, to send as a zip (40401 for others). */
    async openFolder(viewer: Viewer, folderId: string): Promise<OpenedFolder> {
      const row = await getReadable(viewer, folderId);
      if (row.kind !== 'folder') throw badInput('只有文件夹可以打包下载，文件请直接下载');
      const entry = toFileEntry(row, await folderPathOf(db, row.id), viewer);
      return {
        entry,
        contents: await repo.listFolderContents(db, row.id),
        openBlob: (key) => readBlob(key),
      };
    },

    /** For background work with no viewer: the stored file, or undefined when it is gone. */
    async openStored(fileId: string): Promise<OpenedFile | undefined> {
      const row = await repo.findById(db, fileId);
      return row ? openRow(row, { id: row.ownerId, role: 'user' }) : undefined;
    },

    /** For background work on many files: a reader of each stored file's bytes by file id, looked up at once (missing ones are absent). */
    async openStoredContents(fileIds: string[]): Promise<Map<string, () => Promise<Readable>>> {
      const rows = await repo.findByIds(db, [...new Set(fileIds)]);
      return new Map(rows.flatMap((row) => (row.kind === 'file' && row.storageKey ? [[row.id, () => readBlob(row.storageKey!)] as const] : [])));
    },

    /** A signed URL or a share link, checked: signature, expiry, and for shares that the link is the live one. */
    async openByLink(purpose: LinkPurpose, token: string): Promise<OpenedFile> {
      const link = links.verify(purpose, token);
      const row = link ? await repo.findById(db, link.fileId) : undefined;
      const live = purpose === 'signed' || (row?.shareTokenHash === sha256(token) && liveShareExpiry(row) !== null);
      const file = live ? await openRow(row, { id: row?.ownerId ?? '', role: 'user' }) : undefined;
      if (!file) throw linkInvalid();
      return file;
    },

    signedUrl(fileId: string, ttlSeconds: number, origin: string): { url: string; expiresAt: Date } {
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      return { url: linkUrl(origin, 'signed', links.sign('signed', { fileId, expiresAt })), expiresAt };
    },
  };
}
