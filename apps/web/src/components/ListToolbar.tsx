import { Flex, Input } from 'antd';
import type { ReactNode } from 'react';

interface ListToolbarProps {
  /** The search box's placeholder, also its accessible name. */
  searchPlaceholder: string;
  searchWidth?: number;
  /** The trimmed keyword, or undefined once the box is cleared. */
  onSearch: (keyword: string | undefined) => void;
  /** Filters after the search box. */
  children?: ReactNode;
}

/** Above a list table: a search box, then the list's filters. */
export function ListToolbar({ searchPlaceholder, searchWidth = 300, onSearch, children }: ListToolbarProps) {
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      <Input.Search allowClear placeholder={searchPlaceholder} aria-label={searchPlaceholder} style={{ width: searchWidth }} onSearch={(keyword) => onSearch(keyword.trim() || undefined)} />
      {children}
    </Flex>
  );
}
