import { TAG_TYPES, type SubTag, type Tag, type TagNode } from '@agent-platform/contracts';
import type { TagRow } from './tag.repo.js';

export function toTag(row: TagRow): Tag {
  return {
    id: row.id,
    name: row.name,
    tag_type: row.tagType,
    parent_id: row.parentId,
    color: row.color,
    sort: row.sort,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const typeOrder = (row: TagRow) => TAG_TYPES.indexOf(row.tagType);

/**
 * First-level tags with their children, types in the order of `TAG_TYPES`, siblings in the order the
 * rows come (by position). With a keyword, a matching parent keeps all its children; otherwise a parent
 * shows only for its matching children.
 */
export function buildTagTree(rows: TagRow[], keyword?: string): TagNode[] {
  const needle = keyword?.toLowerCase();
  const matches = (row: TagRow) => !needle || row.name.toLowerCase().includes(needle);
  const childrenOf = new Map<string, TagRow[]>();
  for (const row of rows) {
    if (row.parentId) childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  }
  const roots = rows.filter((row) => !row.parentId).sort((a, b) => typeOrder(a) - typeOrder(b));
  return roots.flatMap((root) => {
    const children = childrenOf.get(root.id) ?? [];
    const shown = matches(root) ? children : children.filter(matches);
    if (!matches(root) && shown.length === 0) return [];
    return [{ ...toTag(root), children: shown.map(toTag) }];
  });
}

/** One type's tags in tree order, each child naming its parent: what tag pickers group by. */
export function flattenTagTree(rows: TagRow[]): SubTag[] {
  return buildTagTree(rows).flatMap(({ children, ...parent }) => [{ ...parent, parent_name: null }, ...children.map((child) => ({ ...child, parent_name: parent.name }))]);
}
