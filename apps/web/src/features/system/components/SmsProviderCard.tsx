import {
  KNOWN_PROPERTIES,
  SMS_DEFAULT_ENDPOINTS,
  SMS_DEFAULT_REGIONS,
  SMS_DEFAULT_TEMPLATE_PARAM,
  SMS_PROVIDER_KINDS,
  SMS_PROPERTY,
  SMS_PROVIDER_LABELS,
  effectiveValue,
  type SmsProviderKind,
  type SystemProperty,
} from '@agent-platform/contracts';
import { Alert, Button, Card, Divider, Form, Input, Select, Typography } from 'antd';
import { toast } from 'sonner';
import { PROPERTY_TEXT, PROPERTY_TOAST, SMS_TEXT as TEXT } from '../constants';
import { useBatchUpdateProperties, useProperties } from '../queries';
import { SmsTestSend } from './SmsTestSend';

type Choice = SmsProviderKind | '';

/** The properties each provider needs, in the order its form shows them. */
const FIELDS: Record<Choice, string[]> = {
  '': [],
  log: [],
  webhook: [SMS_PROPERTY.endpoint],
  aliyun: [SMS_PROPERTY.endpoint, SMS_PROPERTY.region, SMS_PROPERTY.signName, SMS_PROPERTY.templateCode, SMS_PROPERTY.templateParam, SMS_PROPERTY.accessKeyId, SMS_PROPERTY.accessKeySecret],
  tencent: [SMS_PROPERTY.endpoint, SMS_PROPERTY.region, SMS_PROPERTY.sdkAppId, SMS_PROPERTY.signName, SMS_PROPERTY.templateCode, SMS_PROPERTY.accessKeyId, SMS_PROPERTY.accessKeySecret],
};

function placeholderOf(choice: Choice, code: string, secretSet: boolean): string | undefined {
  if (code === SMS_PROPERTY.accessKeySecret) return secretSet ? PROPERTY_TEXT.secretSet : PROPERTY_TEXT.secretUnset;
  if (choice === 'aliyun' || choice === 'tencent') {
    if (code === SMS_PROPERTY.endpoint) return SMS_DEFAULT_ENDPOINTS[choice];
    if (code === SMS_PROPERTY.region) return SMS_DEFAULT_REGIONS[choice];
    if (code === SMS_PROPERTY.templateParam) return SMS_DEFAULT_TEMPLATE_PARAM;
  }
  return code === SMS_PROPERTY.endpoint ? TEXT.webhookPlaceholder : undefined;
}

/** Administrators: which SMS provider sends verification codes, its settings, and a test send. */
export function SmsProviderCard() {
  const properties = useProperties({ page: 1, page_size: 100, keyword: 'system.sms.' });
  const batch = useBatchUpdateProperties();
  const [form] = Form.useForm<Record<string, string>>();
  const choice = (Form.useWatch(SMS_PROPERTY.provider, form) ?? '') as Choice;
  const byCode = new Map((properties.data?.list ?? []).map((property: SystemProperty) => [property.code, property]));
  const secretSet = byCode.get(SMS_PROPERTY.accessKeySecret)?.secret_set ?? false;
  const initial = Object.fromEntries([...byCode.values()].map((property) => [property.code, property.secret_set === undefined ? effectiveValue(property) : '']));

  const save = (values: Record<string, string>) => {
    const codes = [SMS_PROPERTY.provider, ...FIELDS[choice]];
    // A secret left empty keeps the stored one: it is only ever replaced.
    const items = codes.filter((code) => code !== SMS_PROPERTY.accessKeySecret || values[code]).map((code) => ({ code, current_value: (values[code] ?? '').trim() }));
    batch.mutate(
      { items },
      {
        onSuccess: () => {
          form.setFieldValue(SMS_PROPERTY.accessKeySecret, '');
          toast.success(TEXT.saved);
        },
        onError: (error) => toast.error(PROPERTY_TOAST.failed, { description: error.message }),
      },
    );
  };

  return (
    <Card title={TEXT.card} loading={properties.isLoading} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{TEXT.description}</Typography.Paragraph>
      {properties.isError ? <Alert type="error" showIcon title={properties.error.message} style={{ marginBottom: 16 }} /> : null}
      {properties.data ? (
        <Form<Record<string, string>> key={properties.dataUpdatedAt} form={form} layout="vertical" initialValues={initial} onFinish={save} style={{ maxWidth: 640 }}>
          <Form.Item name={SMS_PROPERTY.provider} label={TEXT.provider}>
            <Select
              aria-label={TEXT.provider}
              options={[{ value: '', label: TEXT.serverDefault }, ...SMS_PROVIDER_KINDS.map((kind) => ({ value: kind, label: SMS_PROVIDER_LABELS[kind] }))]}
            />
          </Form.Item>
          {FIELDS[choice].map((code) => {
            const label = TEXT.labels[choice]?.[code] ?? KNOWN_PROPERTIES[code]?.name ?? code;
            const input =
              code === SMS_PROPERTY.accessKeySecret ? (
                <Input.Password aria-label={label} autoComplete="new-password" placeholder={placeholderOf(choice, code, secretSet)} />
              ) : (
                <Input aria-label={label} placeholder={placeholderOf(choice, code, secretSet)} />
              );
            return (
              <Form.Item key={code} name={code} label={label} extra={KNOWN_PROPERTIES[code]?.description}>
                {input}
              </Form.Item>
            );
          })}
          <Button type="primary" htmlType="submit" loading={batch.isPending}>
            {TEXT.save}
          </Button>
        </Form>
      ) : null}
      <Divider />
      <SmsTestSend />
    </Card>
  );
}
