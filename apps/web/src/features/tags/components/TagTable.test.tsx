import type { Tag, TagNode } from '@agent-platform/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TagTable } from './TagTable';

const tag = (id: string, name: string, parentId: string | null = null): Tag => ({
  id,
  name,
  tag_type: 'kb',
  parent_id: parentId,
  color: parentId ? null : 'blue',
  sort: 0,
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

const tree: TagNode[] = [
  { ...tag('p1', '产品'), children: [tag('c1', '手册', 'p1'), tag('c2', 'FAQ', 'p1')] },
  { ...tag('p2', '其他'), children: [] },
];

function renderTable(editable: boolean, onOpenForm = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TagTable shown={tree} tree={tree} loading={false} filtered={false} emptyText="还没有知识库标签" editable={editable} onOpenForm={onOpenForm} />
    </QueryClientProvider>,
  );
  return onOpenForm;
}

const rowOf = (name: string) => screen.getByText(name, { exact: true }).closest('tr')!;

describe('TagTable', () => {
  it('shows parents expanded with their children, and no actions when read-only', () => {
    renderTable(false);
    for (const name of ['产品', '手册', 'FAQ', '其他']) expect(rowOf(name)).toBeTruthy();
    expect(within(rowOf('产品')).getByText('2 个')).toBeTruthy();
    expect(within(rowOf('产品')).getByText('蓝')).toBeTruthy();
    expect(screen.queryByText('操作')).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
  });

  it('offers 添加子标签 on first-level rows only, and moves within the siblings', () => {
    const onOpenForm = renderTable(true);
    expect(within(rowOf('手册')).queryByRole('button', { name: '添加子标签' })).toBeNull();
    fireEvent.click(within(rowOf('产品')).getByRole('button', { name: '添加子标签' }));
    expect(onOpenForm).toHaveBeenCalledWith({ mode: 'create', parentId: 'p1' });
    fireEvent.click(within(rowOf('FAQ')).getByRole('button', { name: '编辑' }));
    expect(onOpenForm).toHaveBeenLastCalledWith({ mode: 'edit', tag: expect.objectContaining({ id: 'c2', name: 'FAQ' }) });
    expect((within(rowOf('手册')).getByRole('button', { name: '上移：手册' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(rowOf('手册')).getByRole('button', { name: '下移：手册' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(rowOf('其他')).getByRole('button', { name: '下移：其他' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('collapses a parent on demand', () => {
    renderTable(false);
    fireEvent.click(within(rowOf('产品')).getByRole('button', { name: /收起|折叠|Collapse/ }));
    expect(screen.queryByText('手册', { exact: true })).toBeNull();
  });
});
