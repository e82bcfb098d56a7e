import type { DbConnection, DbTableInfo } from '@agent-platform/contracts';
import { Alert, Drawer, Skeleton, Table, Tag } from 'antd';
import { DATASOURCE_TEXT as TEXT } from '../constants';
import { useTables } from '../queries';

const COLUMNS = [
  { title: '列', dataIndex: 'name', key: 'name' },
  { title: '类型', dataIndex: 'type', key: 'type' },
  { title: '说明', dataIndex: 'comment', key: 'comment' },
  { title: '', key: 'pk', render: (_: unknown, column: DbTableInfo['columns'][number]) => (column.primary_key ? <Tag color="blue">{TEXT.primaryKey}</Tag> : null) },
];

/** A datasource's tables and views with their comments, columns and keys, from its catalogue. */
export function TablesDrawer({ connection, onClose }: { connection: DbConnection | null; onClose: () => void }) {
  const tables = useTables(connection?.id);
  return (
    <Drawer open={!!connection} onClose={onClose} size="large" title={connection ? TEXT.tablesTitle(connection.name) : ''}>
      {tables.error ? <Alert type="error" showIcon title={tables.error.message} /> : null}
      {tables.isPending && connection ? <Skeleton active /> : null}
      {(tables.data ?? []).map((table) => (
        <section key={table.name} style={{ marginBottom: 16 }}>
          <h4>
            {table.name} {table.comment ? `（${table.comment}）` : ''} {table.kind === 'view' ? <Tag>{TEXT.view}</Tag> : null} <Tag>{TEXT.rows(table.row_estimate)}</Tag>
          </h4>
          <Table size="small" rowKey="name" pagination={false} columns={COLUMNS} dataSource={table.columns} />
        </section>
      ))}
    </Drawer>
  );
}
