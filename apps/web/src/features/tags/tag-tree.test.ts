import type { Tag, TagNode } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { filterTree, parentChoices, siblingsOf, stepTarget, toRows } from './tag-tree';

const tag = (id: string, name: string, parentId: string | null = null): Tag => ({
  id,
  name,
  tag_type: 'kb',
  parent_id: parentId,
  color: null,
  sort: 0,
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

const tree: TagNode[] = [
  { ...tag('p1', '产品'), children: [tag('c1', '手册', 'p1'), tag('c2', 'FAQ', 'p1')] },
  { ...tag('p2', '制度'), children: [tag('c3', '人事手册', 'p2')] },
  { ...tag('p3', '其他'), children: [] },
];

describe('tag tree helpers', () => {
  it('narrows to a keyword like the server: a matching parent keeps its children', () => {
    expect(filterTree(tree, '手册').map((node) => [node.name, node.children.map((child) => child.name)])).toEqual([
      ['产品', ['手册']],
      ['制度', ['人事手册']],
    ]);
    expect(filterTree(tree, '制度')[0]?.children).toHaveLength(1);
    expect(filterTree(tree, 'faq').map((node) => node.name)).toEqual(['产品']);
    expect(filterTree(tree, '  ')).toBe(tree);
    expect(filterTree(tree, '不存在')).toEqual([]);
  });

  it('offers first-level tags as parents, never the tag itself, none for a tag with children', () => {
    expect(parentChoices(tree).map((node) => node.id)).toEqual(['p1', 'p2', 'p3']);
    expect(parentChoices(tree, tag('p3', '其他')).map((node) => node.id)).toEqual(['p1', 'p2']);
    expect(parentChoices(tree, tag('p1', '产品'))).toEqual([]);
    expect(parentChoices(tree, tag('c1', '手册', 'p1')).map((node) => node.id)).toEqual(['p1', 'p2', 'p3']);
  });

  it('moves one step among the siblings, and not past either end', () => {
    const c2 = tag('c2', 'FAQ', 'p1');
    expect(siblingsOf(tree, c2).map((sibling) => sibling.id)).toEqual(['c1', 'c2']);
    expect(stepTarget(siblingsOf(tree, c2), c2, -1)).toBe(0);
    expect(stepTarget(siblingsOf(tree, c2), c2, 1)).toBeNull();
    expect(stepTarget(tree, tag('p1', '产品'), -1)).toBeNull();
    expect(stepTarget(tree, tag('p1', '产品'), 1)).toBe(1);
    expect(stepTarget(tree, tag('gone', '已删'), 1)).toBeNull();
  });

  it('gives the table tree rows only where there are children', () => {
    const rows = toRows(tree);
    expect(rows.map((row) => [row.name, row.child_count, row.children?.length])).toEqual([
      ['产品', 2, 2],
      ['制度', 1, 1],
      ['其他', 0, undefined],
    ]);
  });
});
