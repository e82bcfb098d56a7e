import type { DbConnection, DbTableInfo, DbTableNote } from '@agent-platform/contracts';
import { Alert, Button, Drawer, Flex, Input, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { DATASOURCE_TEXT as TEXT } from '../constants';
import { useCollectSampleValues, useSaveTableDescription, useTableNotes, useTables } from '../queries';

type Column = DbTableInfo['columns'][number];

function columnsOf(note: DbTableNote | undefined) {
  const samples = new Map((note?.columns ?? []).map((column) => [column.name, column.sample_values]));
  return [
    { title: '列', dataIndex: 'name', key: 'name' },
    { title: '类型', dataIndex: 'type', key: 'type' },
    { title: '说明', dataIndex: 'comment', key: 'comment' },
    { title: TEXT.samples, key: 'samples', render: (_: unknown, column: Column) => (samples.get(column.name) ?? []).join('、') },
    { title: '', key: 'pk', render: (_: unknown, column: Column) => (column.primary_key ? <Tag color="blue">{TEXT.primaryKey}</Tag> : null) },
  ];
}

/** One table: its columns and, for the datasource's owner, its business description and sampled values. */
function TableNotes({ connection, table, note }: { connection: DbConnection; table: DbTableInfo; note?: DbTableNote }) {
  const [description, setDescription] = useState(note?.description ?? '');
  const save = useSaveTableDescription();
  const collect = useCollectSampleValues();
  const failed = (error: Error) => toast.error(TEXT.noteFailed, { description: error.message });
  return (
    <section style={{ marginBottom: 16 }}>
      <h4>
        {table.name} {table.comment ? `（${table.comment}）` : ''} {table.kind === 'view' ? <Tag>{TEXT.view}</Tag> : null} <Tag>{TEXT.rows(table.row_estimate)}</Tag>
      </h4>
      {connection.editable ? (
        <Flex gap={8} style={{ marginBottom: 8 }}>
          <Input aria-label={TEXT.tableDescription(table.name)} placeholder={TEXT.descriptionPlaceholder} value={description} onChange={(event) => setDescription(event.target.value)} />
          <Button
            loading={save.isPending}
            onClick={() => save.mutate({ connectionId: connection.id, tableName: table.name, description, note }, { onSuccess: () => toast.success(TEXT.noteSaved), onError: failed })}
          >
            {TEXT.saveNote}
          </Button>
          <Button loading={collect.isPending} onClick={() => collect.mutate({ connectionId: connection.id, tableName: table.name }, { onError: failed })}>
            {TEXT.collectSamples}
          </Button>
        </Flex>
      ) : note?.description ? (
        <p>{note.description}</p>
      ) : null}
      <Table size="small" rowKey="name" pagination={false} columns={columnsOf(note)} dataSource={table.columns} />
    </section>
  );
}

/** A datasource's tables and views with their comments, columns and keys, from its catalogue, and the notes on them. */
export function TablesDrawer({ connection, onClose }: { connection: DbConnection | null; onClose: () => void }) {
  const tables = useTables(connection?.id);
  const notes = useTableNotes(connection?.id);
  return (
    <Drawer open={!!connection} onClose={onClose} size="large" title={connection ? TEXT.tablesTitle(connection.name) : ''}>
      {tables.error ? <Alert type="error" showIcon title={tables.error.message} /> : null}
      {(tables.isPending || notes.isPending) && connection ? <Skeleton active /> : null}
      {connection && notes.data
        ? (tables.data ?? []).map((table) => <TableNotes key={table.name} connection={connection} table={table} note={notes.data.find((note) => note.table_name === table.name)} />)
        : null}
    </Drawer>
  );
}
