import { DB_DEFAULT_PORTS, DB_SSL_MODES, DB_TYPE_LABELS, DB_TYPES, type DbConnection, type DbType } from '@agent-platform/contracts';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { testConnection } from '../api';
import { ACCESS_LIST_TEXT, DATASOURCE_TEXT as TEXT } from '../constants';
import { useAccessUsers, useCreateConnection, useUpdateConnection } from '../queries';
import { AccessListField } from './AccessListField';

interface FormValues {
  name: string;
  db_type: DbType;
  host: string;
  port: number;
  database: string;
  schema?: string;
  user: string;
  password?: string;
  ssl_mode: (typeof DB_SSL_MODES)[number];
  ssl_ca?: string;
  is_public: boolean;
  access_user_ids: string[];
}

interface DatasourceFormModalProps {
  /** The datasource being edited; `null` for a new one. */
  editing: DbConnection | null;
  open: boolean;
  onClose: () => void;
}

/** Create or edit a datasource; 测试连接 signs in with what the form says (the stored password when left empty). */
export function DatasourceFormModal({ editing, open, onClose }: DatasourceFormModalProps) {
  const [form] = Form.useForm<FormValues>();
  const [check, setCheck] = useState<{ ok: boolean; text: string; warnings: string[] } | null>(null);
  const [testing, setTesting] = useState(false);
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const accessUsers = useAccessUsers('connection', editing?.id);
  const sslMode = Form.useWatch('ssl_mode', form);
  const initial: Partial<FormValues> = editing
    ? { ...editing, password: undefined }
    : { db_type: 'mysql', port: DB_DEFAULT_PORTS.mysql, host: '127.0.0.1', ssl_mode: 'disable', ssl_ca: '', is_public: false, access_user_ids: [] };

  const test = async () => {
    const values = await form.validateFields();
    setTesting(true);
    try {
      const result = await testConnection({ ...values, schema: values.schema ?? '', ssl_ca: values.ssl_ca ?? '', password: values.password || undefined, id: editing?.id });
      setCheck({ ok: true, text: TEXT.testOk(result.server_version, result.latency_ms), warnings: result.warnings });
    } catch (error) {
      setCheck({ ok: false, text: (error as Error).message, warnings: [] });
    } finally {
      setTesting(false);
    }
  };

  const save = async () => {
    const values = await form.validateFields();
    const done = {
      onSuccess: (saved: { warnings: string[] }) => {
        toast.success(TEXT.saved, saved.warnings.length ? { description: saved.warnings.join('\n') } : undefined);
        onClose();
      },
      onError: (error: Error) => toast.error(TEXT.saveFailed, { description: error.message }),
    };
    const body = { ...values, schema: values.schema ?? '', ssl_ca: values.ssl_ca ?? '' };
    if (editing) update.mutate({ ...body, id: editing.id, password: values.password || undefined }, done);
    else create.mutate({ ...body, description: '', password: values.password ?? '' }, done);
  };

  return (
    <Modal
      title={editing ? TEXT.form.editTitle : TEXT.form.title}
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="test" loading={testing} onClick={() => void test()}>
          {TEXT.form.test}
        </Button>,
        <Button key="save" type="primary" loading={create.isPending || update.isPending} onClick={() => void save()}>
          {TEXT.form.save}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} onValuesChange={() => setCheck(null)}>
        <Form.Item name="name" label={TEXT.form.name} rules={[{ required: true, message: `请输入${TEXT.form.name}` }]}>
          <Input placeholder={TEXT.form.namePlaceholder} />
        </Form.Item>
        <Form.Item name="db_type" label={TEXT.form.type}>
          <Select
            disabled={!!editing}
            options={DB_TYPES.map((type) => ({ value: type, label: DB_TYPE_LABELS[type] }))}
            onChange={(type: DbType) => form.setFieldValue('port', DB_DEFAULT_PORTS[type])}
          />
        </Form.Item>
        <Form.Item name="host" label={TEXT.form.host} rules={[{ required: true, message: `请输入${TEXT.form.host}` }]}>
          <Input />
        </Form.Item>
        <Form.Item name="port" label={TEXT.form.port} rules={[{ required: true, message: `请输入${TEXT.form.port}` }]}>
          <InputNumber min={1} max={65535} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="database" label={TEXT.form.database} rules={[{ required: true, message: `请输入${TEXT.form.database}` }]}>
          <Input />
        </Form.Item>
        <Form.Item name="schema" label={TEXT.form.schema} extra={TEXT.form.schemaHint}>
          <Input />
        </Form.Item>
        <Form.Item name="user" label={TEXT.form.user} rules={[{ required: true, message: `请输入${TEXT.form.user}` }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={TEXT.form.password} extra={editing ? TEXT.form.passwordKeep : undefined}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="ssl_mode" label={TEXT.form.ssl}>
          <Select options={DB_SSL_MODES.map((mode) => ({ value: mode, label: TEXT.sslModes[mode] }))} />
        </Form.Item>
        {sslMode === 'verify' ? (
          <Form.Item name="ssl_ca" label={TEXT.form.sslCa} extra={TEXT.form.sslCaHint}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder="-----BEGIN CERTIFICATE-----" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        ) : null}
        <Form.Item name="is_public" label={TEXT.form.isPublic} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="access_user_ids" label={ACCESS_LIST_TEXT.label} extra={ACCESS_LIST_TEXT.datasourceHint}>
          <AccessListField known={accessUsers.data} aria-label={ACCESS_LIST_TEXT.label} />
        </Form.Item>
      </Form>
      {check ? <Alert type={check.ok ? (check.warnings.length ? 'warning' : 'success') : 'error'} showIcon title={check.text} description={check.warnings.join('\n') || undefined} /> : null}
    </Modal>
  );
}
