import { Alert, Button, Card, Form, Input, Select, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/PageHeader';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { ASSET_TEXT as TEXT, DATABASE_PATHS, DATABASE_TITLES } from '../constants';
import { useConnections, useCreateAsset, useTables } from '../queries';

interface FormValues {
  name: string;
  description?: string;
  connection_id: string;
  tables: string[];
  examples?: string;
  confirm_sql: boolean;
  is_public: boolean;
}

/** /database/asset/create: a name, a datasource and the tables it opens (every column of each). */
export default function AssetCreatePage() {
  const navigate = useNavigate();
  const unsaved = useUnsavedChanges();
  const [form] = Form.useForm<FormValues>();
  const connectionId = Form.useWatch('connection_id', form);
  const connections = useConnections();
  const tables = useTables(connectionId);
  const create = useCreateAsset();

  const submit = (values: FormValues) =>
    create.mutate(
      {
        name: values.name,
        description: values.description ?? '',
        connection_id: values.connection_id,
        tables: values.tables.map((name) => ({ name, columns: null })),
        example_questions: (values.examples ?? '')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        verified_queries: [],
        tags: [],
        access_user_ids: [],
        confirm_sql: values.confirm_sql,
        is_public: values.is_public,
      },
      {
        onSuccess: (asset) => {
          toast.success(TEXT.created, { description: asset.name });
          unsaved.markSaved();
          navigate(DATABASE_PATHS.assetChat(asset.id));
        },
        onError: (error) => toast.error(TEXT.saveFailed, { description: error.message }),
      },
    );

  return (
    <>
      <PageHeader title={DATABASE_TITLES.createAsset} />
      <Card>
        <Form form={form} layout="vertical" initialValues={{ confirm_sql: false, is_public: false, tables: [] }} onFinish={submit} onValuesChange={unsaved.markChanged}>
          <Form.Item name="name" label={TEXT.form.name} rules={[{ required: true, message: `请输入${TEXT.form.name}` }]}>
            <Input placeholder={TEXT.form.namePlaceholder} />
          </Form.Item>
          <Form.Item name="description" label={TEXT.form.description}>
            <Input.TextArea autoSize={{ minRows: 2 }} />
          </Form.Item>
          <Form.Item name="connection_id" label={TEXT.form.datasource} rules={[{ required: true, message: TEXT.form.datasourcePlaceholder }]}>
            <Select
              placeholder={TEXT.form.datasourcePlaceholder}
              loading={connections.isPending}
              options={(connections.data ?? []).map((connection) => ({ value: connection.id, label: connection.name }))}
              onChange={() => form.setFieldValue('tables', [])}
            />
          </Form.Item>
          {tables.error ? <Alert type="error" showIcon title={tables.error.message} style={{ marginBottom: 16 }} /> : null}
          <Form.Item name="tables" label={TEXT.form.tables} rules={[{ required: true, type: 'array', min: 1, message: TEXT.form.tablesPlaceholder }]}>
            <Select
              mode="multiple"
              placeholder={TEXT.form.tablesPlaceholder}
              loading={tables.isFetching}
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
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {TEXT.form.save}
          </Button>
        </Form>
      </Card>
    </>
  );
}
