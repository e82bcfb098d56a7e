import type { DbConnection } from '@agent-platform/contracts';
import { DB_TYPE_LABELS } from '@agent-platform/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Table } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/PageHeader';
import { DatasourceFormModal } from '../components/DatasourceFormModal';
import { TablesDrawer } from '../components/TablesDrawer';
import { DATABASE_TITLES, DATASOURCE_TEXT as TEXT } from '../constants';
import { useConnections, useDeleteConnection } from '../queries';

/** /database/datasource: the datasources the user may use; create, edit, browse tables, delete. */
export default function DatasourceListPage() {
  const connections = useConnections();
  const remove = useDeleteConnection();
  const [editing, setEditing] = useState<DbConnection | null | undefined>(undefined);
  const [browsing, setBrowsing] = useState<DbConnection | null>(null);

  const columns = [
    { title: TEXT.columns.name, dataIndex: 'name', key: 'name' },
    { title: TEXT.columns.type, key: 'type', render: (_: unknown, row: DbConnection) => DB_TYPE_LABELS[row.db_type] },
    { title: TEXT.columns.address, key: 'address', render: (_: unknown, row: DbConnection) => `${row.host}:${row.port}` },
    { title: TEXT.columns.database, dataIndex: 'database', key: 'database' },
    { title: TEXT.columns.owner, dataIndex: 'owner_name', key: 'owner' },
    {
      title: TEXT.columns.actions,
      key: 'actions',
      render: (_: unknown, row: DbConnection) => (
        <Flex gap={4}>
          <Button size="small" onClick={() => setBrowsing(row)}>
            {TEXT.tables}
          </Button>
          {row.editable ? (
            <>
              <Button size="small" onClick={() => setEditing(row)}>
                {TEXT.edit}
              </Button>
              <Popconfirm
                title={TEXT.deleteConfirm}
                onConfirm={() => remove.mutate(row.id, { onSuccess: () => toast.success(TEXT.deleted), onError: (error) => toast.error(error.message) })}
              >
                <Button size="small" danger>
                  {TEXT.delete}
                </Button>
              </Popconfirm>
            </>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={DATABASE_TITLES.datasources}
        description={TEXT.description}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {TEXT.create}
          </Button>
        }
      />
      <Card>
        <Table rowKey="id" loading={connections.isPending} columns={columns} dataSource={connections.data ?? []} locale={{ emptyText: TEXT.empty }} pagination={false} />
      </Card>
      <DatasourceFormModal key={editing?.id ?? 'new'} editing={editing ?? null} open={editing !== undefined} onClose={() => setEditing(undefined)} />
      <TablesDrawer connection={browsing} onClose={() => setBrowsing(null)} />
    </>
  );
}
