import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from './PageHeader';

type Scope = 'mine' | 'public';

interface ScopedListPageProps {
  title: string;
  text: { description: string; create: string; mine: string; public: string };
  createPath: string;
  grid: (scope: Scope) => ReactNode;
}

/** A list page of the caller's own things and the published ones, in two tabs, with a create button. */
export function ScopedListPage({ title, text, createPath, grid }: ScopedListPageProps) {
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
        <Tabs
          destroyOnHidden
          items={[
            { key: 'mine', label: text.mine, children: grid('mine') },
            { key: 'public', label: text.public, children: grid('public') },
          ]}
        />
      </Card>
    </>
  );
}
