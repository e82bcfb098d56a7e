import { PHONE_PATTERN } from '@agent-platform/contracts';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { SMS_TEXT as TEXT } from '../constants';
import { useSendTestSmsCode } from '../queries';

/** Sends a test code through the saved configuration and shows what the provider answered. */
export function SmsTestSend() {
  const send = useSendTestSmsCode();
  const result = send.data;
  const details = result ? [result.vendor_code && TEXT.vendorCode(result.vendor_code), result.request_id && TEXT.requestId(result.request_id)].filter(Boolean).join(' · ') : '';
  return (
    <>
      <Typography.Title level={5}>{TEXT.testTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{TEXT.testHint}</Typography.Paragraph>
      <Form<{ phone: string }> layout="inline" onFinish={({ phone }) => send.mutate({ phone: phone.trim() })}>
        <Form.Item name="phone" rules={[{ required: true, pattern: PHONE_PATTERN, message: TEXT.testPhoneInvalid }]}>
          <Input aria-label={TEXT.testPhone} placeholder={TEXT.testPhone} style={{ width: 240 }} maxLength={20} />
        </Form.Item>
        <Button htmlType="submit" loading={send.isPending}>
          {TEXT.testButton}
        </Button>
      </Form>
      <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
        {result ? (
          <Alert
            role="status"
            type={result.sent ? 'success' : 'error'}
            showIcon
            title={result.sent ? TEXT.testSent : TEXT.testFailed}
            description={[result.message, details].filter(Boolean).join('\n')}
            style={{ whiteSpace: 'pre-line' }}
          />
        ) : null}
        {send.isError ? <Alert role="status" type="error" showIcon title={TEXT.testFailed} description={send.error.message} /> : null}
      </Space>
    </>
  );
}
