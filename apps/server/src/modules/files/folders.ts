import type { Db } from '../../platform/db/index.js';
import { folderNotFound, notAFolder } from './files.errors.js';
import * as repo from './files.repo.js';

export const segmentsOf = (path: string) => (path === '/' ? [] : path.slice(1).split('/'));

/**
 * The id of the folder at a normalised path (null for the root). With `createAs`, missing folders are
 * created for that owner (concurrent creators end up with the same folder); otherwise 40401.
 */
export async function resolveFolder(db: Db, scope: repo.TreeScope, path: string, createAs?: string): Promise<string | null> {
  let parentId: string | null = null;
  for (const name of segmentsOf(path)) {
    let folder = await repo.findChild(db, scope, parentId, name);
    if (!folder && createAs) {
      folder = (await repo.insertEntry(db, { ownerId: createAs, tree: scope.tree, kind: 'folder', parentId, name })) ?? (await repo.findChild(db, scope, parentId, name));
    }
    if (!folder) throw folderNotFound(path);
    if (folder.kind !== 'folder') throw notAFolder(name);
    parentId = folder.id;
  }
  return parentId;
}

/** The folder an entry is in, as a path: `/` or `/报告/2026`. */
export async function folderPathOf(db: Db, id: string): Promise<string> {
  const ancestors = await repo.listAncestors(db, id);
  return `/${ancestors.map((folder) => folder.name).join('/')}`;
}
