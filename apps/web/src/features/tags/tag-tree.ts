import type { Tag, TagNode } from '@agent-platform/contracts';

/** A row of the tag table: first-level tags carry their children (antd's tree rows), children none. */
export interface TagRow extends Tag {
  children?: TagRow[];
  child_count: number;
}

export function toRows(tree: TagNode[]): TagRow[] {
  return tree.map(({ children, ...tag }) => ({
    ...tag,
    child_count: children.length,
    children: children.length > 0 ? children.map((child) => ({ ...child, child_count: 0 })) : undefined,
  }));
}

/**
 * The tree narrowed to a keyword, as the server's `tag_query` does: a matching parent keeps all its
 * children; any other parent shows only for its matching children.
 */
export function filterTree(tree: TagNode[], keyword: string | undefined): TagNode[] {
  const needle = keyword?.trim().toLowerCase();
  if (!needle) return tree;
  const matches = (tag: Tag) => tag.name.toLowerCase().includes(needle);
  return tree.flatMap((node) => {
    if (matches(node)) return [node];
    const children = node.children.filter(matches);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** The first-level tags a tag may be put under: not itself; none at all when it has children. */
export function parentChoices(tree: TagNode[], editing?: Tag): TagNode[] {
  if (!editing) return tree;
  const own = tree.find((node) => node.id === editing.id);
  if (own && own.children.length > 0) return [];
  return tree.filter((node) => node.id !== editing.id);
}

/** The tag's siblings in display order: the first-level tags, or its parent's children. */
export function siblingsOf(tree: TagNode[], tag: Tag): Tag[] {
  if (!tag.parent_id) return tree;
  return tree.find((node) => node.id === tag.parent_id)?.children ?? [];
}

/** The position (`sort` of `tag_update`) one step up or down, or null at the edge. */
export function stepTarget(siblings: Tag[], tag: Tag, step: -1 | 1): number | null {
  const index = siblings.findIndex((sibling) => sibling.id === tag.id);
  const target = index + step;
  return index < 0 || target < 0 || target >= siblings.length ? null : target;
}
