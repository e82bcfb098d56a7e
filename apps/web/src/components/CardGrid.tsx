import { Alert, Col, Empty, Flex, Pagination, Row, Skeleton, type PaginationProps } from 'antd';
import type { ReactNode } from 'react';
import styles from './CardGrid.module.css';

interface CardGridProps<T> {
  /** The list query's state. */
  query: { isError: boolean; error: Error | null; isPending: boolean; isSuccess: boolean };
  items: T[];
  itemKey: (item: T) => string;
  renderCard: (item: T) => ReactNode;
  /** Shown when the list came back empty. */
  empty: ReactNode;
  pagination: PaginationProps;
}

/** A list paged on the server as a grid of cards: its error, loading and empty states, then the pager. */
export function CardGrid<T>({ query, items, itemKey, renderCard, empty, pagination }: CardGridProps<T>) {
  return (
    <>
      {query.isError ? <Alert type="error" showIcon title={query.error?.message} style={{ marginBottom: 16 }} /> : null}
      {query.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {query.isSuccess && items.length === 0 ? <Empty description={empty} /> : null}
      <Row gutter={[16, 16]} className={styles.grid}>
        {items.map((item) => (
          <Col key={itemKey(item)} xs={24} md={12} xl={8} xxl={6}>
            {renderCard(item)}
          </Col>
        ))}
      </Row>
      {items.length > 0 ? (
        <Flex className={styles.pager}>
          <Pagination {...pagination} />
        </Flex>
      ) : null}
    </>
  );
}
