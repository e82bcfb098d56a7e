import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ApiError } from '../lib/http';

interface EditableGateProps<T> {
  /** The saved entry's detail query. */
  query: UseQueryResult<T, ApiError>;
  canEdit: (saved: T) => boolean;
  text: { back: string; notFound: string; readOnly: string };
  /** Where the missing and read-only states' button goes back to. */
  backTo: string;
  skeletonRows?: number;
  children: (saved: T) => ReactNode;
}

/** An edit page's loading, missing and read-only states; the page itself once the entry may be changed. */
export function EditableGate<T>({ query, canEdit, text, backTo, skeletonRows = 10, children }: EditableGateProps<T>) {
  const navigate = useNavigate();
  const back = (
    <Button type="primary" onClick={() => navigate(backTo)}>
      {text.back}
    </Button>
  );
  if (query.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: skeletonRows }} />
      </Card>
    );
  // An id that is not even well formed (40001, e.g. a mistyped address) names nothing either.
  const missing = query.error?.code === 40401 || query.error?.code === 40001;
  if (query.isError) return <Result status="warning" title={missing ? text.notFound : query.error.message} extra={back} />;
  if (!canEdit(query.data)) return <Result status="403" title={text.readOnly} extra={back} />;
  return children(query.data);
}
