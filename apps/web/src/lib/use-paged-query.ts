import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { COMMON_TEXT } from '../components/constants';

const DEFAULT_PAGE_SIZE = 10;

interface PagedQuery {
  page: number;
  page_size: number;
}

/**
 * The query of a list paged on the server: `filter` changes filters and goes back to page 1,
 * `pagination(total)` gives the table's paging props.
 */
export function usePagedQuery<Q extends PagedQuery>() {
  const [query, setQuery] = useState<Q>({ page: 1, page_size: DEFAULT_PAGE_SIZE } as Q);
  const filter = (next: Partial<Omit<Q, keyof PagedQuery>>) => setQuery((current) => ({ ...current, page: 1, ...next }));
  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: query.page,
    pageSize: query.page_size,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: COMMON_TEXT.total,
    onChange: (page, pageSize) => setQuery((current) => ({ ...current, page, page_size: pageSize })),
  });
  return { query, filter, pagination };
}
