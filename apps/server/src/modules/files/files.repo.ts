import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../platform/db/index.js';
import { files, ROOT_PARENT, type FileTree } from './files.tables.js';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;
export type FileWithOwner = FileRow & { ownerName: string };

/** One tree: a user's private files, or the public files everyone shares. */
export type TreeScope = { tree: 'private'; ownerId: string } | { tree: 'public' };

export const treeScope = (tree: FileTree, ownerId: string): TreeScope => (tree === 'private' ? { tree, ownerId } : { tree });

// The same expression as the unique indexes, so lookups by folder use them.
const parentKey = sql`coalesce(${files.parentId}, ${ROOT_PARENT}::uuid)`;

function inFolder(scope: TreeScope, parentId: string | null): SQL | undefined {
  return and(eq(files.tree, scope.tree), scope.tree === 'private' ? eq(files.ownerId, scope.ownerId) : undefined, eq(parentKey, parentId ?? ROOT_PARENT));
}

const withOwner = {
  ...getTableColumns(files),
  // The user module's table, read by name: modules import each other's tables only for foreign keys.
  ownerName: sql<string>`(select coalesce(nullif(u.nick_name, ''), u.user_name) from users u where u.id = ${files.ownerId})`,
};

export async function findChild(db: Db, scope: TreeScope, parentId: string | null, name: string): Promise<FileRow | undefined> {
  const rows = await db
    .select()
    .from(files)
    .where(and(inFolder(scope, parentId), eq(files.name, name)))
    .limit(1);
  return rows[0];
}

/**
 * The smallest `n` in 1…`max` for which `${stem} (n)${extension}` is free in the folder, in one
 * statement (index probes, stopping at the first free one), instead of one insert attempt per taken number.
 */
export async function firstFreeNumber(db: Db, scope: TreeScope, parentId: string | null, stem: string, extension: string, max: number): Promise<number | undefined> {
  const resultRows = await selectRows<{ n: number }>(
    db,
    sql`
    select n from generate_series(1, ${max}::int) n
    where not exists (select 1 from ${files} where ${inFolder(scope, parentId)} and ${files.name} = ${stem} || ' (' || n || ')' || ${extension})
    order by n limit 1`,
  );
  const row = resultRows[0];
  return row ? Number(row.n) : undefined;
}

/** One folder's entries, folders first, then by name (the order of the listing indexes). */
export async function listChildren(db: Db, scope: TreeScope, parentId: string | null, keyword: string | undefined, offset: number, limit: number) {
  const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(inFolder(scope, parentId), pattern ? ilike(files.name, pattern) : undefined);
  const [total] = await db.select({ n: count() }).from(files).where(where);
  const rows = await db.select().from(files).where(where).orderBy(desc(files.kind), asc(files.name), asc(files.id)).offset(offset).limit(limit);
  return { total: total?.n ?? 0, rows: await withOwnerNames(db, rows) };
}

/** The owners' display names of a page of entries, looked up once per owner (not per entry skipped by the offset). */
async function withOwnerNames(db: Db, rows: FileRow[]): Promise<FileWithOwner[]> {
  const ownerIds = [...new Set(rows.map((row) => row.ownerId))];
  if (ownerIds.length === 0) return [];
  // The user module's table, read by name: modules import each other's tables only for foreign keys.
  const resultRows = await selectRows<{ id: string; name: string }>(
    db,
    sql`select id, coalesce(nullif(nick_name, ''), user_name) as name from users where id in (${sql.join(
      ownerIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  const names = new Map(resultRows.map((row) => [row.id, row.name]));
  return rows.map((row) => ({ ...row, ownerName: names.get(row.ownerId) ?? '' }));
}

export async function findById(db: Db, id: string): Promise<FileWithOwner | undefined> {
  const rows = await db.select(withOwner).from(files).where(eq(files.id, id)).limit(1);
  return rows[0];
}

export async function findByIds(db: Db, ids: string[]): Promise<FileWithOwner[]> {
  if (ids.length === 0) return [];
  return db.select(withOwner).from(files).where(inArray(files.id, ids));
}

/** The entries whose names are free, in one statement; those whose folder already holds the name are left out. */
export async function insertEntries(db: Db, entries: NewFileRow[]): Promise<FileRow[]> {
  if (entries.length === 0) return [];
  const inserted: FileRow[] = [];
  // In slices: one statement has at most 65,535 parameters.
  for (let start = 0; start < entries.length; start += 500)
    inserted.push(
      ...(await db
        .insert(files)
        .values(entries.slice(start, start + 500))
        .onConflictDoNothing()
        .returning()),
    );
  return inserted;
}

/** `undefined` when the folder already holds that name. */
export async function insertEntry(db: Db, entry: NewFileRow): Promise<FileRow | undefined> {
  const rows = await db.insert(files).values(entry).onConflictDoNothing().returning();
  return rows[0];
}

export async function updateEntry(db: Db, id: string, changes: Partial<Omit<NewFileRow, 'id' | 'createdAt'>>): Promise<FileRow | undefined> {
  const rows = await db
    .update(files)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(files.id, id))
    .returning();
  return rows[0];
}

export async function setTree(db: Db, ids: string[], tree: FileTree): Promise<void> {
  if (ids.length > 0) await db.update(files).set({ tree, updatedAt: new Date() }).where(inArray(files.id, ids));
}

export async function deleteEntries(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(files).where(inArray(files.id, ids));
}

export interface SubtreeEntry {
  id: string;
  kind: 'file' | 'folder';
  ownerId: string;
  storageKey: string | null;
}

/**
 * The entries and everything inside them (folders recursively). A file is its own subtree, so only
 * folders are looked into: the recursive query is planned for the whole table (a join on `parent_id`
 * that may read every file), which a delete of one file must not pay for.
 */
export async function listSubtrees(db: Db, roots: FileRow[]): Promise<SubtreeEntry[]> {
  const entries = roots.map((row) => ({ id: row.id, kind: row.kind, ownerId: row.ownerId, storageKey: row.storageKey }));
  const folderIds = roots.filter((row) => row.kind === 'folder').map((row) => row.id);
  if (folderIds.length === 0) return entries;
  const rows = await selectRows<{ id: string; kind: 'file' | 'folder'; owner_id: string; storage_key: string | null }>(
    db,
    sql`
    with recursive subtree(id, kind, owner_id, storage_key) as (
      select id, kind, owner_id, storage_key from files where ${inArray(files.id, folderIds)}
      union all
      select f.id, f.kind, f.owner_id, f.storage_key from subtree s join files f on f.parent_id = s.id where s.kind = 'folder'
    )
    select id, kind, owner_id, storage_key from subtree`,
  );
  const inside = rows.map((row) => ({ id: row.id, kind: row.kind, ownerId: row.owner_id, storageKey: row.storage_key }));
  // A root may lie inside another root's folder: each entry once.
  return [...new Map([...entries, ...inside].map((entry) => [entry.id, entry])).values()];
}

/** The folders above an entry, from the root down (the entry itself excluded). */
export async function listAncestors(db: Db, id: string): Promise<Array<{ id: string; name: string }>> {
  return selectRows<{ id: string; name: string }>(
    db,
    sql`
    with recursive up(id, parent_id, name, depth) as (
      select id, parent_id, name, 0 from files where id = ${id}
      union all
      select f.id, f.parent_id, f.name, up.depth + 1 from files f join up on f.id = up.parent_id where up.depth < 64
    )
    select id, name from up where depth > 0 order by depth desc`,
  );
}

export interface FolderContentEntry {
  kind: 'file' | 'folder';
  /** Below the folder, e.g. `报告/2026/一月.pdf`. */
  path: string;
  storageKey: string | null;
  updatedAt: Date;
}

/** Everything inside a folder, at any depth, with its path below it: folders before what they hold. */
export async function listFolderContents(db: Db, folderId: string): Promise<FolderContentEntry[]> {
  const rows = await selectRows<{ kind: 'file' | 'folder'; path: string; storage_key: string | null; updated_at: string | Date }>(
    db,
    sql`
    with recursive inside(id, kind, path, storage_key, updated_at, depth) as (
      select id, kind, name::text, storage_key, updated_at, 1 from files where parent_id = ${folderId}
      union all
      select f.id, f.kind, inside.path || '/' || f.name, f.storage_key, f.updated_at, inside.depth + 1
      from files f join inside on f.parent_id = inside.id where inside.depth < 64
    )
    select kind, path, storage_key, updated_at from inside order by path`,
  );
  return rows.map((row) => ({ kind: row.kind, path: row.path, storageKey: row.storage_key, updatedAt: new Date(row.updated_at) }));
}
