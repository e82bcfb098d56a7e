import type { CreateTagBody, QueryTagsBody, SubTag, Tag, TagNode, TagType, UpdateTagBody } from '@agent-platform/contracts';
import { TAG_MAX_PER_TYPE } from '@agent-platform/contracts';
import type { ReferenceRegistry } from '../../core/index.js';
import { withTransaction, isUniqueViolation, type Db } from '../../platform/db/index.js';
import { parentHasChildren, parentIsChild, parentIsSelf, parentNotFound, parentOfOtherType, tagNameTaken, tagNotFound, tooManyTags } from './tag.errors.js';
import { buildTagTree, flattenTagTree, toTag } from './tag.mapper.js';
import * as repo from './tag.repo.js';

export interface TagServiceDeps {
  db: Db;
  /** Rows of other modules that store tag names: asked, in the change's transaction, only when no other tag of the type still carries the name. */
  references: ReferenceRegistry<Db>;
}

export type TagAdminService = ReturnType<typeof createTagAdminService>;

/** The tag manager: anyone signed in reads; administrators (the routes check) change. */
export function createTagAdminService({ db, references }: TagServiceDeps) {
  const referencesOf = (tagType: TagType) => references.taggedColumns(tagType);

  /** Names of `names` that no tag of the type (other than `exceptId`) carries any more. */
  async function orphaned(tx: Db, tagType: TagType, names: string[], exceptId?: string): Promise<string[]> {
    const still = new Set((await repo.findTagsByNames(tx, tagType, names)).filter((row) => row.id !== exceptId).map((row) => row.name.toLowerCase()));
    return [...new Set(names)].filter((name) => !still.has(name.toLowerCase()));
  }

  /** The new parent of `tag` (or of a new tag of `tagType`), checked: same type, first level, not itself. */
  async function checkedParent(tx: Db, tagType: TagType, parentId: string, tag?: repo.TagRow): Promise<repo.TagRow> {
    if (tag && parentId === tag.id) throw parentIsSelf();
    const parent = await repo.findTagById(tx, parentId);
    if (!parent) throw parentNotFound();
    if (parent.tagType !== tagType) throw parentOfOtherType(tagType);
    if (parent.parentId) throw parentIsChild(parent.name);
    if (tag && (await repo.listChildren(tx, tag.id)).length > 0) throw parentHasChildren(tag.name);
    return parent;
  }

  /** Moves the tag to `position` among its siblings and numbers them 0, 1, 2 … */
  async function reorder(tx: Db, tag: repo.TagRow, position: number): Promise<void> {
    const siblings = (await repo.listSiblings(tx, tag.tagType, tag.parentId)).filter((row) => row.id !== tag.id);
    siblings.splice(Math.min(position, siblings.length), 0, tag);
    for (const [index, row] of siblings.entries()) {
      if (row.sort !== index || row.id === tag.id) await repo.setSort(tx, row.id, index);
    }
  }

  /** A name clash (the unique index) anywhere in `work` undoes all of it and names the clashing tag. */
  async function inTransaction<T>(clash: { tagType: TagType; name: string }, work: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await withTransaction(db, work);
    } catch (error) {
      if (isUniqueViolation(error)) throw tagNameTaken(clash.tagType, clash.name);
      throw error;
    }
  }

  return {
    async queryTags({ tag_type, keyword }: QueryTagsBody): Promise<TagNode[]> {
      return buildTagTree(await repo.listTags(db, tag_type), keyword);
    },

    async listSubTags(tagType: TagType): Promise<SubTag[]> {
      return flattenTagTree(await repo.listTags(db, tagType));
    },

    async createTag(userId: string, { tag_type, name, parent_id, color }: CreateTagBody): Promise<Tag> {
      return inTransaction({ tagType: tag_type, name }, async (tx) => {
        if ((await repo.countTagsOfType(tx, tag_type)) >= TAG_MAX_PER_TYPE) throw tooManyTags(tag_type);
        const parentId = parent_id ? (await checkedParent(tx, tag_type, parent_id)).id : null;
        const sort = await repo.nextSort(tx, tag_type, parentId);
        return toTag(await repo.insertTag(tx, { tagType: tag_type, name, parentId, color: color ?? null, sort, createdBy: userId }));
      });
    },

    async updateTag({ id, name, parent_id, color, sort }: UpdateTagBody): Promise<Tag> {
      const clash: { tagType: TagType; name: string } = { tagType: 'agent', name: name ?? '' };
      return inTransaction(clash, async (tx) => {
        const current = await repo.findTagById(tx, id);
        if (!current) throw tagNotFound();
        const tagType = current.tagType;
        Object.assign(clash, { tagType, name: name ?? current.name });
        const moved = parent_id !== undefined && parent_id !== current.parentId;
        if (moved && parent_id) await checkedParent(tx, current.tagType, parent_id, current);
        const updated = await repo.updateTag(tx, id, {
          name,
          color,
          ...(moved ? { parentId: parent_id, sort: await repo.nextSort(tx, current.tagType, parent_id ?? null) } : {}),
        });
        if (!updated) throw tagNotFound();
        if (sort !== undefined) await reorder(tx, updated, sort);
        if (name !== undefined && name !== current.name && (await orphaned(tx, tagType, [current.name], id)).length > 0) {
          for (const reference of referencesOf(tagType)) await reference.renameTag(tx, current.name, name);
        }
        return toTag((await repo.findTagById(tx, id))!);
      });
    },

    /** Deletes the tag and its children. */
    async deleteTag(id: string): Promise<void> {
      await withTransaction(db, async (tx) => {
        const current = await repo.findTagById(tx, id);
        if (!current) throw tagNotFound();
        const names = [current.name, ...(await repo.listChildren(tx, id)).map((child) => child.name)];
        await repo.deleteTag(tx, id);
        const gone = await orphaned(tx, current.tagType, names);
        if (gone.length === 0) return;
        for (const reference of referencesOf(current.tagType)) await reference.removeTags(tx, gone);
      });
    },
  };
}
