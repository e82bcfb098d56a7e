import type { AssetTable, DataAsset, VerifiedQuery } from '@agent-platform/contracts';
import { Alert, Button, Form, Input, Select, Switch } from 'antd';
import { useState } from 'react';
import type { UnsavedChanges } from '../../../lib/use-unsaved-changes';
import { TagSelect } from '../../tags';
import { ACCESS_LIST_TEXT, ASSET_TEXT as TEXT } from '../constants';
import { useAccessUsers, useConnections, useTables } from '../queries';
import { AccessListField } from './AccessListField';
import { TableColumnTree } from './TableColumnTree';
import { TablesDrawer } from './TablesDrawer';
import { VerifiedQueriesField } from './VerifiedQueriesField';

export interface AssetFormValues {
  name: string;
  description?: string;
  connection_id: string;
  tables: AssetTable[];
  examples?: string;
  verified_queries: VerifiedQuery[];
  tags: string[];
  confirm_sql: boolean;
  is_public: boolean;
  access_user_ids: string[];
}

/** The form's values of a saved asset, or of a new one. */
export function assetFormValues(asset?: DataAsset): Partial<AssetFormValues> {
  if (!asset) return { confirm_sql: false, is_public: false, tables: [], verified_queries: [], tags: [], access_user_ids: [] };
  return {
    name: asset.name,
    description: asset.description,
    connection_id: asset.connection_id,
    tables: asset.tables,
    examples: asset.example_questions.join('\n'),
    verified_queries: asset.verified_queries,
    tags: asset.tags,
    confirm_sql: asset.confirm_sql,
    is_public: asset.is_public,
    access_user_ids: asset.access_user_ids,
  };
}

/** What create and update send of the form (the datasource only on create). */
export function assetBody(values: AssetFormValues) {
  return {
    name: values.name,
    description: values.description ?? '',
    tables: values.tables,
    example_questions: (values.examples ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    verified_queries: values.verified_queries ?? [],
    tags: values.tags ?? [],
    confirm_sql: values.confirm_sql,
    is_public: values.is_public,
    access_user_ids: values.access_user_ids ?? [],
  };
}

interface AssetFormProps {
  asset?: DataAsset;
  submitting: boolean;
  onSubmit: (values: AssetFormValues) => void;
  unsaved: UnsavedChanges;
}

/**
 * A data asset: its name, its datasource (fixed once saved), the tables and columns it opens, example
 * and verified questions, tags, whether SQL waits for confirmation, and who may use it.
 */
export function AssetForm({ asset, submitting, onSubmit, unsaved }: AssetFormProps) {
  const [form] = Form.useForm<AssetFormValues>();
  const connectionId = Form.useWatch('connection_id', form) ?? asset?.connection_id;
  const connections = useConnections();
  const tables = useTables(connectionId);
  const accessUsers = useAccessUsers('asset', asset?.id);
  const connection = connections.data?.find((entry) => entry.id === connectionId);
  const [notesOpen, setNotesOpen] = useState(false);
  return (
    <Form form={form} layout="vertical" initialValues={assetFormValues(asset)} onFinish={onSubmit} onValuesChange={unsaved.markChanged} style={{ maxWidth: 920 }}>
      <Form.Item name="name" label={TEXT.form.name} rules={[{ required: true, whitespace: true, message: `请输入${TEXT.form.name}` }]}>
        <Input placeholder={TEXT.form.namePlaceholder} />
      </Form.Item>
      <Form.Item name="description" label={TEXT.form.description}>
        <Input.TextArea autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item name="connection_id" label={TEXT.form.datasource} rules={[{ required: true, message: TEXT.form.datasourcePlaceholder }]}>
        <Select
          disabled={!!asset}
          placeholder={TEXT.form.datasourcePlaceholder}
          loading={connections.isPending}
          options={asset ? [{ value: asset.connection_id, label: asset.connection_name }] : (connections.data ?? []).map((connection) => ({ value: connection.id, label: connection.name }))}
          onChange={() => form.setFieldValue('tables', [])}
        />
      </Form.Item>
      {tables.error ? <Alert type="error" showIcon title={tables.error.message} style={{ marginBottom: 16 }} /> : null}
      {connection?.editable ? (
        <Button type="link" style={{ paddingInline: 0 }} onClick={() => setNotesOpen(true)}>
          {TEXT.form.editNotes}
        </Button>
      ) : null}
      <TablesDrawer connection={notesOpen ? (connection ?? null) : null} onClose={() => setNotesOpen(false)} />
      <Form.Item name="tables" label={TEXT.form.tables} extra={TEXT.form.tablesHint} rules={[{ required: true, type: 'array', min: 1, message: TEXT.form.tablesPlaceholder }]}>
        <TableColumnTree catalogue={tables.data ?? []} loading={!!connectionId && tables.isFetching && !tables.data} />
      </Form.Item>
      <Form.Item name="examples" label={TEXT.form.examples}>
        <Input.TextArea placeholder={TEXT.form.examplesPlaceholder} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item name="verified_queries" label={TEXT.form.verified} extra={TEXT.form.verifiedHint}>
        <VerifiedQueriesField />
      </Form.Item>
      <Form.Item name="tags" label={TEXT.form.tags}>
        <TagSelect tagType="asset" mode="multiple" maxCount={10} placeholder={TEXT.form.tagsPlaceholder} aria-label={TEXT.form.tags} />
      </Form.Item>
      <Form.Item name="confirm_sql" label={TEXT.form.confirmSql} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="is_public" label={TEXT.form.isPublic} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="access_user_ids" label={ACCESS_LIST_TEXT.label} extra={ACCESS_LIST_TEXT.assetHint}>
        <AccessListField known={accessUsers.data} aria-label={ACCESS_LIST_TEXT.label} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {TEXT.form.save}
      </Button>
    </Form>
  );
}
