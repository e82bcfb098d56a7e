import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from './PageHeader';

/** The caller's own things, the published ones, and (where things have access lists) the ones others shared with the caller. */
export type ListScope = 'mine' | 'public' | 'shared';

interface ScopedListPageProps<S extends ListScope> {
  title: string;
  text: { description: string; create: string } & Record<NoInfer<S>, string>;
  createPath: string;
  /** The tabs, in order. */
  scopes?: readonly S[];
  grid: (scope: S) => ReactNode;
}

const MINE_AND_PUBLIC = ['mine', 'public'] as const;

/** A list page of the caller's own things and the published ones (and the shared ones), in tabs, with a create button. */
export function ScopedListPage<S extends ListScope = 'mine' | 'public'>({
  title,
  text,
  createPath,
  scopes = MINE_AND_PUBLIC as readonly ListScope[] as readonly S[],
  grid,
}: ScopedListPageProps<S>) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={title}
        description={text.description}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(createPath)}>
            {text.create}
          </Button>
        }
      />
      <Card>
        <Tabs destroyOnHidden items={scopes.map((scope) => ({ key: scope, label: text[scope], children: grid(scope) }))} />
      </Card>
    </>
  );
}
