import type { RegisterBody } from '@agent-platform/contracts';
import { MobileOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import { Flex, Form, Input, Space } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LOGIN_PATH } from '../../../lib/redirect';
import styles from '../components/AuthForm.module.css';
import { AuthHeading } from '../components/AuthHeading';
import { AuthSubmitButton } from '../components/AuthSubmitButton';
import { AuthSwitchLink } from '../components/AuthSwitchLink';
import { PasswordInput } from '../components/PasswordInput';
import { SendCodeButton } from '../components/SendCodeButton';
import { AUTH_RULES, AUTH_TEXT, AUTH_TOAST, CODE_LENGTH } from '../constants';
import { registeredState } from '../registered-user';
import { useRegister, useSmsInternetFlag } from '../queries';
import { confirmPasswordRules, passwordRules, PHONE_RULES } from '../rules';

const PASSWORD_RULES = passwordRules();
const CONFIRM_RULES = confirmPasswordRules('password');

interface RegisterFormValues {
  user_name: string;
  nick_name: string;
  phone: string;
  yzm?: string;
  password: string;
  confirmPassword: string;
}

export default function RegisterPage() {
  const [form] = Form.useForm<RegisterFormValues>();
  const navigate = useNavigate();
  const location = useLocation();
  const smsFlag = useSmsInternetFlag();
  const registerAccount = useRegister();
  const showCode = smsFlag.data === true;

  const onFinish = ({ user_name, nick_name, phone, password, yzm }: RegisterFormValues) => {
    const body: RegisterBody = { user_name, nick_name, phone, password, ...(showCode ? { yzm } : {}) };
    registerAccount.mutate(body, {
      onSuccess: () => {
        toast.success(AUTH_TOAST.registerSuccess);
        navigate({ pathname: LOGIN_PATH, search: location.search }, { state: registeredState(user_name) });
      },
      onError: (error) => toast.error(AUTH_TOAST.registerFailed, { description: error.message }),
    });
  };

  return (
    <>
      <AuthHeading title={AUTH_TEXT.registerHeading} subtitle={AUTH_TEXT.registerSubtitle} />
      <Form<RegisterFormValues> form={form} name="register" size="large" onFinish={onFinish} autoComplete="off">
        <Form.Item name="user_name" rules={[{ required: true, whitespace: true, message: AUTH_RULES.userNameRequired }]}>
          <Input prefix={<UserOutlined />} placeholder={AUTH_TEXT.userName} aria-label={AUTH_TEXT.userName} autoFocus />
        </Form.Item>
        <Form.Item name="nick_name" rules={[{ required: true, whitespace: true, message: AUTH_RULES.nickNameRequired }]}>
          <Input prefix={<SmileOutlined />} placeholder={AUTH_TEXT.nickName} aria-label={AUTH_TEXT.nickName} />
        </Form.Item>
        <Form.Item>
          <Space.Compact block>
            <Form.Item name="phone" noStyle rules={PHONE_RULES}>
              <Input prefix={<MobileOutlined />} placeholder={AUTH_TEXT.phone} aria-label={AUTH_TEXT.phone} />
            </Form.Item>
            {showCode ? <SendCodeButton /> : null}
          </Space.Compact>
        </Form.Item>
        {showCode ? (
          <Form.Item>
            <Flex align="center" gap={12}>
              <span className={styles.codeLabel}>{AUTH_TEXT.code}</span>
              <Form.Item name="yzm" noStyle rules={[{ required: true, message: AUTH_RULES.codeRequired }]}>
                <Input.OTP length={CODE_LENGTH} size="middle" aria-label={AUTH_TEXT.code} />
              </Form.Item>
            </Flex>
          </Form.Item>
        ) : null}
        <Form.Item name="password" rules={PASSWORD_RULES}>
          <PasswordInput label={AUTH_TEXT.password} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" dependencies={['password']} rules={CONFIRM_RULES}>
          <PasswordInput label={AUTH_TEXT.confirmPassword} autoComplete="new-password" />
        </Form.Item>
        <AuthSubmitButton loading={registerAccount.isPending}>{AUTH_TEXT.registerButton}</AuthSubmitButton>
      </Form>
      <AuthSwitchLink prompt={AUTH_TEXT.hasAccount} linkText={AUTH_TEXT.toLogin} pathname={LOGIN_PATH} />
    </>
  );
}
