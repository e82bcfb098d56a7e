import type { TagType } from '@agent-platform/contracts';
import { and, asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { tags } from './tag.tables.js';

export type TagRow = typeof tags.$inferSelect;
export type NewTag = typeof tags.$inferInsert;
export type TagChanges = Partial<Pick<NewTag, 'name' | 'parentId' | 'color' | 'sort'>>;

const siblingsOf = (tagType: TagType, parentId: string | null) => and(eq(tags.tagType, tagType), parentId ? eq(tags.parentId, parentId) : isNull(tags.parentId));

/** Every tag (of one type), in display order: by position, then age. */
export async function listTags(db: Db, tagType?: TagType): Promise<TagRow[]> {
  return db
    .select()
    .from(tags)
    .where(tagType ? eq(tags.tagType, tagType) : undefined)
    .orderBy(asc(tags.sort), asc(tags.createdAt), asc(tags.id));
}

export async function findTagById(db: Db, id: string): Promise<TagRow | undefined> {
  const rows = await db.select().from(tags).where(eq(tags.id, id)).limit(1);
  return rows[0];
}

export async function countTagsOfType(db: Db, tagType: TagType): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tags).where(eq(tags.tagType, tagType));
  return row?.n ?? 0;
}

export async function listChildren(db: Db, parentId: string): Promise<TagRow[]> {
  return db.select().from(tags).where(eq(tags.parentId, parentId)).orderBy(asc(tags.sort), asc(tags.createdAt), asc(tags.id));
}

/** The position after the last sibling. */
export async function nextSort(db: Db, tagType: TagType, parentId: string | null): Promise<number> {
  const [row] = await db
    .select({ last: max(tags.sort) })
    .from(tags)
    .where(siblingsOf(tagType, parentId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export async function listSiblings(db: Db, tagType: TagType, parentId: string | null): Promise<TagRow[]> {
  return db.select().from(tags).where(siblingsOf(tagType, parentId)).orderBy(asc(tags.sort), asc(tags.createdAt), asc(tags.id));
}

export async function insertTag(db: Db, tag: NewTag): Promise<TagRow> {
  const [row] = await db.insert(tags).values(tag).returning();
  return row!;
}

export async function updateTag(db: Db, id: string, changes: TagChanges): Promise<TagRow | undefined> {
  const [row] = await db
    .update(tags)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(tags.id, id))
    .returning();
  return row;
}

/** Positions only: reordering is not an edit of the tag itself. */
export async function setSort(db: Db, id: string, sort: number): Promise<void> {
  await db.update(tags).set({ sort }).where(eq(tags.id, id));
}

/** Deletes the tag; its children go with it (ON DELETE CASCADE). */
export async function deleteTag(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
  return rows.length > 0;
}

/** Tags of a type whose name is one of `names`, ignoring case (a name may be a parent's and a child's). */
export async function findTagsByNames(db: Db, tagType: TagType, names: string[]): Promise<TagRow[]> {
  if (names.length === 0) return [];
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.tagType, tagType), inArray(sql`lower(${tags.name})`, lowered)))
    .orderBy(asc(tags.sort), asc(tags.createdAt));
}
