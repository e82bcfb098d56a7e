import { MCP_TRANSPORT_LABELS, MCP_TRANSPORTS, type McpService } from '@agent-platform/contracts';
import { ApiOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Flex, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { StickyFormActions } from '../../../components/StickyFormActions';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import type { UnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useSessionUser } from '../../auth';
import { KeyValueFields, TagsAndVisibility } from '../../tools/reuse';
import { SERVICE_FORM_TEXT as TEXT, SERVICE_PATHS } from '../constants';
import { useTestService } from '../queries';
import { initialServiceValues, toTestBody, type ServiceFormValues } from '../service-form';
import { FunctionList } from './FunctionList';

interface ServiceFormProps {
  service?: McpService;
  submitting: boolean;
  onSubmit: (values: ServiceFormValues) => void;
  /** The page's unsaved-changes guard (the page marks it saved before it navigates away). */
  unsaved: UnsavedChanges;
}

function ConnectionFields({ editing }: { editing: boolean }) {
  const transport = Form.useWatch<ServiceFormValues['transport']>('transport') ?? 'streamable_http';
  if (transport === 'stdio') {
    return (
      <>
        <Form.Item<ServiceFormValues> name="command" label={TEXT.command} rules={[{ required: true, whitespace: true, message: TEXT.commandRequired }]}>
          <Input placeholder={TEXT.commandPlaceholder} maxLength={200} />
        </Form.Item>
        <Form.Item<ServiceFormValues> name="args" label={TEXT.args}>
          <Select mode="tags" open={false} suffixIcon={null} placeholder={TEXT.argsPlaceholder} aria-label={TEXT.args} />
        </Form.Item>
        <Form.Item label={TEXT.env} extra={editing ? TEXT.headersHint : undefined}>
          <KeyValueFields
            name="env"
            secret
            addLabel={TEXT.addEnv}
            keyLabel={TEXT.headerName}
            valueLabel={TEXT.headerValue}
            keyRules={[{ pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: TEXT.envNamePattern }]}
          />
        </Form.Item>
      </>
    );
  }
  return (
    <>
      <Form.Item<ServiceFormValues>
        name="url"
        label={TEXT.url}
        extra={transport === 'sse' ? TEXT.urlHintSse : TEXT.urlHintHttp}
        rules={[
          { required: true, whitespace: true, message: TEXT.urlRequired },
          { pattern: /^https?:\/\/\S+$/i, message: TEXT.urlPattern },
        ]}
      >
        <Input placeholder={TEXT.urlPlaceholder} maxLength={2000} />
      </Form.Item>
      <Form.Item label={TEXT.headers} extra={TEXT.headersHint}>
        <KeyValueFields
          name="headers"
          secret
          addLabel={TEXT.addHeader}
          keyLabel={TEXT.headerName}
          valueLabel={TEXT.headerValue}
          keyPlaceholder="Authorization"
          keyRules={[{ pattern: /^[A-Za-z0-9-_]+$/, message: TEXT.headerNamePattern }]}
        />
      </Form.Item>
    </>
  );
}

/** The MCP service form, with 测试连接 listing the functions the unsaved settings reach. */
export function ServiceForm({ service, submitting, onSubmit, unsaved }: ServiceFormProps) {
  const [form] = Form.useForm<ServiceFormValues>();
  const navigate = useNavigate();
  const user = useSessionUser();
  const initial = useMemo(() => initialServiceValues(service), [service]);
  const test = useTestService();
  const isAdmin = user.role === 'admin';
  // Someone else's stdio service stays shown as it is; only administrators may choose stdio.
  const transports = MCP_TRANSPORTS.filter((transport) => transport !== 'stdio' || isAdmin || service?.transport === 'stdio');

  const testNow = () =>
    form.validateFields(['url', 'command', ['headers'], ['env']], { recursive: true }).then(
      () => test.mutate(toTestBody(form.getFieldsValue(true) as ServiceFormValues, service?.id)),
      () => undefined,
    );

  return (
    <Form<ServiceFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={() => onSubmit(form.getFieldsValue(true) as ServiceFormValues)}
      onValuesChange={() => {
        test.reset();
        unsaved.markChanged();
      }}
      style={{ maxWidth: 920 }}
    >
      <Typography.Title level={5}>{TEXT.basicSection}</Typography.Title>
      <Form.Item<ServiceFormValues> name="name" label={TEXT.name} rules={[{ required: true, whitespace: true, message: TEXT.nameRequired }]}>
        <Input placeholder={TEXT.namePlaceholder} maxLength={50} />
      </Form.Item>
      <Form.Item<ServiceFormValues> name="description" label={TEXT.description}>
        <Input.TextArea placeholder={TEXT.descriptionPlaceholder} maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <TagsAndVisibility tagType="service" text={TEXT} />
      <Divider />
      <Typography.Title level={5}>{TEXT.connectionSection}</Typography.Title>
      <Form.Item<ServiceFormValues> name="transport" label={TEXT.transport} extra={isAdmin ? TEXT.stdioAdminOnly : undefined}>
        <Radio.Group options={transports.map((transport) => ({ value: transport, label: MCP_TRANSPORT_LABELS[transport] }))} optionType="button" buttonStyle="solid" />
      </Form.Item>
      <ConnectionFields editing={!!service} />
      <Form.Item<ServiceFormValues> name="call_timeout_seconds" label={TEXT.callTimeout} extra={TEXT.callTimeoutHint}>
        <InputNumber min={1} max={600} precision={1} placeholder={TEXT.callTimeoutPlaceholder} style={{ width: 160 }} aria-label={TEXT.callTimeout} />
      </Form.Item>
      {/* Beside the fields it tests, not at the end of the form. */}
      <Button icon={<ApiOutlined />} loading={test.isPending} onClick={() => void testNow()}>
        {TEXT.test}
      </Button>
      {test.isError ? <Alert type="error" showIcon title={TEXT.testFailed} description={test.error.message} style={{ marginTop: 16 }} /> : null}
      {test.data ? (
        <Flex vertical gap={12} style={{ marginTop: 16 }}>
          <Alert type="success" showIcon title={TEXT.testOk(test.data.functions.length, test.data.duration_ms)} />
          <FunctionList functions={test.data.functions} />
        </Flex>
      ) : null}
      <StickyFormActions dirty={unsaved.dirty}>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {service ? TEXT.save : TEXT.create}
        </Button>
        <Button onClick={() => navigate(SERVICE_PATHS.list)}>{TEXT.cancel}</Button>
      </StickyFormActions>
      <UnsavedChangesPrompt blocker={unsaved.blocker} />
    </Form>
  );
}
