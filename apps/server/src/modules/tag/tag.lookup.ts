import type { SubTag, Tag, TagType } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { flattenTagTree, toTag } from './tag.mapper.js';
import * as repo from './tag.repo.js';

export type TagService = ReturnType<typeof createTagService>;

/** What other modules (knowledge bases, agents, tools, services …) use to check and filter by tags. */
export function createTagService(db: Db) {
  return {
    /** A type's tags in tree order, children naming their parent. */
    async listByType(tagType: TagType): Promise<SubTag[]> {
      return flattenTagTree(await repo.listTags(db, tagType));
    },

    /** The tags carrying these names (ignoring case), and the names no tag of the type carries. */
    async resolveNames(tagType: TagType, names: string[]): Promise<{ tags: Tag[]; unknown: string[] }> {
      const rows = await repo.findTagsByNames(db, tagType, names);
      const known = new Set(rows.map((row) => row.name.toLowerCase()));
      return { tags: rows.map(toTag), unknown: [...new Set(names)].filter((name) => !known.has(name.toLowerCase())) };
    },

    /**
     * The names a list filtered by `name` should match: the name itself, as stored on the tag, and,
     * when it is a first-level tag, its children's names (filtering by 产品 finds things tagged 产品/手册).
     */
    async namesForFilter(tagType: TagType, name: string): Promise<string[]> {
      const rows = await repo.findTagsByNames(db, tagType, [name]);
      const children = await Promise.all(rows.filter((row) => !row.parentId).map((row) => repo.listChildren(db, row.id)));
      return [...new Set([name, ...rows.map((row) => row.name), ...children.flat().map((row) => row.name)])];
    },
  };
}
