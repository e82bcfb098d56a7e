import { Button, Card, Form, Input, Typography } from 'antd';
import { toast } from 'sonner';
import { confirmPasswordRules, passwordRules } from '../../auth';
import { ACCOUNT_RULES, ACCOUNT_TEXT, ACCOUNT_TOAST } from '../constants';
import { useUpdateUserInfo } from '../queries';

interface PasswordValues {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

const NEW_PASSWORD_RULES = passwordRules(ACCOUNT_RULES.newPasswordRequired, ACCOUNT_RULES.newPasswordMin);
const CONFIRM_RULES = confirmPasswordRules('new_password', ACCOUNT_RULES.confirmRequired);

export function PasswordCard() {
  const [form] = Form.useForm<PasswordValues>();
  const update = useUpdateUserInfo();

  const onFinish = ({ old_password, new_password }: PasswordValues) => {
    update.mutate(
      { old_password, new_password },
      {
        onSuccess: () => {
          toast.success(ACCOUNT_TOAST.passwordChanged);
          form.resetFields();
        },
        onError: (error) => toast.error(ACCOUNT_TOAST.passwordFailed, { description: error.message }),
      },
    );
  };

  return (
    <Card title={ACCOUNT_TEXT.passwordCard}>
      <Typography.Paragraph type="secondary">{ACCOUNT_TEXT.passwordHint}</Typography.Paragraph>
      <Form<PasswordValues> form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 420 }}>
        <Form.Item name="old_password" label={ACCOUNT_TEXT.oldPassword} rules={[{ required: true, message: ACCOUNT_RULES.oldPasswordRequired }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="new_password" label={ACCOUNT_TEXT.newPassword} rules={NEW_PASSWORD_RULES}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm_password" label={ACCOUNT_TEXT.confirmPassword} dependencies={['new_password']} rules={CONFIRM_RULES}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {ACCOUNT_TEXT.changePassword}
        </Button>
      </Form>
    </Card>
  );
}
