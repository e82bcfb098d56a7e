import type { ReactNode } from 'react';
import { usePagedQuery } from '../lib/use-paged-query';
import { CardGrid } from './CardGrid';
import { ListToolbar } from './ListToolbar';

interface TaggedGridText {
  searchPlaceholder: string;
  emptyFiltered: string;
  empty: string;
  emptyPublic: string;
}

/** What a tag filter receives: the chosen tag and how to change it. */
export interface TagFilterProps {
  value: string | undefined;
  onChange: (tag: unknown) => void;
}

interface ListQuery {
  page: number;
  page_size: number;
  keyword?: string;
  tag?: string;
}

interface TaggedCardGridProps<T, Q extends ListQuery> {
  scope: 'mine' | 'public';
  text: TaggedGridText;
  /** The list query (a React Query hook) of a scope. */
  useList: (scope: 'mine' | 'public', query: Q) => { data?: { list: T[]; total: number }; isError: boolean; error: Error | null; isPending: boolean; isSuccess: boolean };
  tagFilter: (props: TagFilterProps) => ReactNode;
  renderCard: (item: T) => ReactNode;
}

/** Cards of one tab (mine or public): search by keyword and tag, paged on the server. */
export function TaggedCardGrid<T extends { id: string }, Q extends ListQuery>({ scope, text, useList, tagFilter, renderCard }: TaggedCardGridProps<T, Q>) {
  const { query, filter, pagination } = usePagedQuery<Q>();
  const list = useList(scope, query);
  const filtered = !!(query.keyword || query.tag);
  // Every list query of this kind has `keyword` and `tag` (ListQuery), which TypeScript cannot see through Q.
  const search = (filters: Pick<ListQuery, 'keyword' | 'tag'>) => filter(filters as Partial<Omit<Q, 'page' | 'page_size'>>);
  const chooseTag = (tag: unknown) => search({ tag: typeof tag === 'string' && tag ? tag : undefined });
  return (
    <>
      <ListToolbar searchPlaceholder={text.searchPlaceholder} onSearch={(keyword) => search({ keyword })}>
        {tagFilter({ value: query.tag, onChange: chooseTag })}
      </ListToolbar>
      <CardGrid
        query={list}
        items={list.data?.list ?? []}
        itemKey={(item) => item.id}
        renderCard={renderCard}
        empty={filtered ? text.emptyFiltered : scope === 'mine' ? text.empty : text.emptyPublic}
        pagination={pagination(list.data?.total)}
      />
    </>
  );
}
