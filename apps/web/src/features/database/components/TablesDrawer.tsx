import type { ColumnNote, DbConnection, DbTableInfo, DbTableNote } from '@agent-platform/contracts';
import { Alert, Button, Drawer, Flex, Input, Select, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { DATASOURCE_TEXT as TEXT } from '../constants';
import { useCollectSampleValues, useSaveTableNote, useTableNotes, useTables } from '../queries';
import { ColumnNoteModal } from './ColumnNoteModal';

type Column = DbTableInfo['columns'][number];

/** A column's note in one line: description, synonyms, unit, codes. */
function noteSummary(note: ColumnNote | undefined): string {
  if (!note) return '';
  return [note.description, note.synonyms.length ? `同义词：${note.synonyms.join('、')}` : '', note.unit ? `单位：${note.unit}` : '', note.code_meanings].filter(Boolean).join('；');
}

/** One table: its columns and, for the datasource's owner, its business description, synonyms, column notes and sampled values. */
function TableNotes({ connection, table, note }: { connection: DbConnection; table: DbTableInfo; note?: DbTableNote }) {
  const [description, setDescription] = useState(note?.description ?? '');
  const [synonyms, setSynonyms] = useState<string[]>(note?.synonyms ?? []);
  const [editing, setEditing] = useState<Column | null>(null);
  const save = useSaveTableNote();
  const collect = useCollectSampleValues();
  const failed = (error: Error) => toast.error(TEXT.noteFailed, { description: error.message });
  const columnNotes = new Map((note?.columns ?? []).map((column) => [column.name, column]));

  const saveColumn = (changed: ColumnNote) => {
    const columns = [...(note?.columns ?? []).filter((column) => column.name !== changed.name), changed];
    save.mutate(
      { connectionId: connection.id, tableName: table.name, changes: { columns }, note },
      {
        onSuccess: () => {
          toast.success(TEXT.noteSaved);
          setEditing(null);
        },
        onError: failed,
      },
    );
  };

  const columns = [
    { title: '列', dataIndex: 'name', key: 'name' },
    { title: '类型', dataIndex: 'type', key: 'type' },
    { title: '注释', dataIndex: 'comment', key: 'comment' },
    { title: TEXT.businessNote, key: 'note', render: (_: unknown, column: Column) => noteSummary(columnNotes.get(column.name)) },
    { title: TEXT.samples, key: 'samples', render: (_: unknown, column: Column) => (columnNotes.get(column.name)?.sample_values ?? []).join('、') },
    { title: '', key: 'pk', render: (_: unknown, column: Column) => (column.primary_key ? <Tag color="blue">{TEXT.primaryKey}</Tag> : null) },
    ...(connection.editable
      ? [
          {
            title: '',
            key: 'edit',
            render: (_: unknown, column: Column) => (
              <Button size="small" type="link" aria-label={`${TEXT.editNote} ${table.name}.${column.name}`} onClick={() => setEditing(column)}>
                {TEXT.editNote}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <section style={{ marginBottom: 16 }}>
      <h4>
        {table.name} {table.comment ? `（${table.comment}）` : ''} {table.kind === 'view' ? <Tag>{TEXT.view}</Tag> : null} <Tag>{TEXT.rows(table.row_estimate)}</Tag>
      </h4>
      {connection.editable ? (
        <Flex vertical gap={8} style={{ marginBottom: 8 }}>
          <Flex gap={8}>
            <Input aria-label={TEXT.tableDescription(table.name)} placeholder={TEXT.descriptionPlaceholder} value={description} onChange={(event) => setDescription(event.target.value)} />
            <Button
              loading={save.isPending && !editing}
              onClick={() =>
                save.mutate(
                  { connectionId: connection.id, tableName: table.name, changes: { description, synonyms }, note },
                  { onSuccess: () => toast.success(TEXT.noteSaved), onError: failed },
                )
              }
            >
              {TEXT.saveNote}
            </Button>
            <Button loading={collect.isPending} onClick={() => collect.mutate({ connectionId: connection.id, tableName: table.name }, { onError: failed })}>
              {TEXT.collectSamples}
            </Button>
          </Flex>
          <Select
            mode="tags"
            value={synonyms}
            onChange={setSynonyms}
            maxCount={20}
            tokenSeparators={[',', '，', '、']}
            aria-label={TEXT.tableSynonyms(table.name)}
            placeholder={TEXT.synonymsPlaceholder}
          />
        </Flex>
      ) : note?.description ? (
        <p>{note.description}</p>
      ) : null}
      <Table size="small" rowKey="name" pagination={false} columns={columns} dataSource={table.columns} />
      <ColumnNoteModal column={editing ? { name: editing.name, note: columnNotes.get(editing.name) } : null} saving={save.isPending} onSave={saveColumn} onClose={() => setEditing(null)} />
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
