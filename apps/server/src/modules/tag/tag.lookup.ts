import type { SubTag, Tag, TagType } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { tagsUnknown } from './tag.errors.js';
import { flattenTagTree, toTag } from './tag.mapper.js';
import * as repo from './tag.repo.js';

export type TagService = ReturnType<typeof createTagService>;

/** What other modules (knowledge bases, agents, tools, services …) use to check and filter by tags. */
export function createTagService(db: Db) {
  /** The tags carrying these names (ignoring case), and the names no tag of the type carries. */
  async function resolveNames(tagType: TagType, names: string[]): Promise<{ tags: Tag[]; unknown: string[] }> {
    const rows = await repo.findTagsByNames(db, tagType, names);
    const known = new Set(rows.map((row) => row.name.toLowerCase()));
    return { tags: rows.map(toTag), unknown: [...new Set(names)].filter((name) => !known.has(name.toLowerCase())) };
  }

  return {
    /** A type's tags in tree order, children naming their parent. */
    async listByType(tagType: TagType): Promise<SubTag[]> {
      return flattenTagTree(await repo.listTags(db, tagType));
    },

    resolveNames,

    /**
     * The names a list filtered by `name` should match (with `taggedWithAny`, ignoring case): the name
     * itself, as stored on the tag, and, when it is a first-level tag, its children's names (filtering
     * by 产品 finds things tagged 产品/手册). No filter without a name.
     */
    async namesForFilter(tagType: TagType, name: string | undefined): Promise<string[] | undefined> {
      if (!name) return undefined;
      const rows = await repo.findTagsByNames(db, tagType, [name]);
      const children = await Promise.all(rows.filter((row) => !row.parentId).map((row) => repo.listChildren(db, row.id)));
      return [...new Set([name, ...rows.map((row) => row.name), ...children.flat().map((row) => row.name)])];
    },

    /**
     * Tag names given to a thing: each must name a tag of the type (40001 naming the unknown ones), and
     * is stored as the tag manager spells it so its renames reach it. Names the thing already carries
     * (`kept`) stay as they are, even if their tag is gone since.
     */
    async checkedNames(tagType: TagType, names: string[] | undefined, kept: string[] = []): Promise<string[] | undefined> {
      const fresh = names?.filter((name) => !kept.includes(name)) ?? [];
      if (!names || fresh.length === 0) return names && [...new Set(names)];
      const { tags: found, unknown } = await resolveNames(tagType, fresh);
      if (unknown.length > 0) throw tagsUnknown(tagType, unknown);
      const spelled = new Map(found.map((tag) => [tag.name.toLowerCase(), tag.name]));
      return [...new Set(names.map((name) => (kept.includes(name) ? name : (spelled.get(name.toLowerCase()) ?? name))))];
    },
  };
}
