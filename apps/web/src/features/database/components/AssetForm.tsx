import type { DataAsset } from '@agent-platform/contracts';
import { Alert, Button, Form, Input, Select, Switch } from 'antd';
import type { UnsavedChanges } from '../../../lib/use-unsaved-changes';
import { ASSET_TEXT as TEXT } from '../constants';
import { useConnections, useTables } from '../queries';

export interface AssetFormValues {
  name: string;
  description?: string;
  connection_id: string;
  tables: string[];
  examples?: string;
  confirm_sql: boolean;
  is_public: boolean;
}

/** The form's values of a saved asset (a table's chosen columns are kept as they are on save). */
export function assetFormValues(asset?: DataAsset): Partial<AssetFormValues> {
  if (!asset) return { confirm_sql: false, is_public: false, tables: [] };
  return {
    name: asset.name,
    description: asset.description,
    connection_id: asset.connection_id,
    tables: asset.tables.map((table) => table.name),
    examples: asset.example_questions.join('\n'),
    confirm_sql: asset.confirm_sql,
    is_public: asset.is_public,
  };
}

/** The example questions typed one a line. */
export const examplesOf = (values: AssetFormValues) =>
  (values.examples ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

interface AssetFormProps {
  asset?: DataAsset;
  submitting: boolean;
  onSubmit: (values: AssetFormValues) => void;
  unsaved: UnsavedChanges;
}

/** A data asset: its name, its datasource (fixed once saved), the tables it opens, examples and whether SQL waits for confirmation. */
export function AssetForm({ asset, submitting, onSubmit, unsaved }: AssetFormProps) {
  const [form] = Form.useForm<AssetFormValues>();
  const connectionId = Form.useWatch('connection_id', form) ?? asset?.connection_id;
  const connections = useConnections();
  const tables = useTables(connectionId);
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
      <Form.Item name="tables" label={TEXT.form.tables} rules={[{ required: true, type: 'array', min: 1, message: TEXT.form.tablesPlaceholder }]}>
        <Select
          mode="multiple"
          placeholder={TEXT.form.tablesPlaceholder}
          loading={tables.isFetching}
          optionFilterProp="label"
          options={(tables.data ?? []).map((table) => ({ value: table.name, label: table.comment ? `${table.name}（${table.comment}）` : table.name }))}
        />
      </Form.Item>
      <Form.Item name="examples" label={TEXT.form.examples}>
        <Input.TextArea placeholder={TEXT.form.examplesPlaceholder} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item name="confirm_sql" label={TEXT.form.confirmSql} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="is_public" label={TEXT.form.isPublic} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {TEXT.form.save}
      </Button>
    </Form>
  );
}
