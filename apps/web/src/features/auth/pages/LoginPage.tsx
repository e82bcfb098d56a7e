import type { LoginBody } from '@agent-platform/contracts';
import { UserOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REGISTER_PATH, resolveRedirectTarget } from '../../../lib/redirect';
import styles from '../components/AuthForm.module.css';
import { AuthHeading } from '../components/AuthHeading';
import { AuthSubmitButton } from '../components/AuthSubmitButton';
import { AuthSwitchLink } from '../components/AuthSwitchLink';
import { PasswordInput } from '../components/PasswordInput';
import { AGREEMENT_URL, AUTH_RULES, AUTH_TEXT, AUTH_TOAST } from '../constants';
import { useSignIn } from '../queries';
import { registeredUserName } from '../registered-user';

export default function LoginPage() {
  const signIn = useSignIn();
  const navigate = useNavigate();
  const location = useLocation();

  const onFinish = (values: LoginBody) => {
    signIn.mutate(values, {
      onSuccess: () => {
        toast.success(AUTH_TOAST.loginSuccess);
        navigate(resolveRedirectTarget(location.search), { replace: true });
      },
      onError: (error) => {
        if (error.step === 'login') toast.error(AUTH_TOAST.loginFailed, { description: error.message });
        else toast.error(AUTH_TOAST.loginFailed);
      },
    });
  };

  return (
    <>
      <AuthHeading title={AUTH_TEXT.loginHeading} subtitle={AUTH_TEXT.loginSubtitle} />
      <Form<LoginBody> name="login" size="large" onFinish={onFinish} autoComplete="on" initialValues={{ user_name: registeredUserName(location.state) }}>
        <Form.Item name="user_name" rules={[{ required: true, whitespace: true, message: AUTH_RULES.userNameRequired }]}>
          <Input prefix={<UserOutlined />} placeholder={AUTH_TEXT.userName} aria-label={AUTH_TEXT.userName} autoComplete="username" autoFocus={!registeredUserName(location.state)} />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: AUTH_RULES.passwordRequired }]}>
          <PasswordInput label={AUTH_TEXT.password} autoComplete="current-password" autoFocus={!!registeredUserName(location.state)} />
        </Form.Item>
        <AuthSubmitButton loading={signIn.isPending}>{AUTH_TEXT.loginButton}</AuthSubmitButton>
      </Form>
      <p className={styles.note}>
        {AUTH_TEXT.agreementPrefix}
        <a href={AGREEMENT_URL} target="_blank" rel="noopener noreferrer">
          {AUTH_TEXT.agreementLink}
        </a>
      </p>
      <AuthSwitchLink prompt={AUTH_TEXT.noAccount} linkText={AUTH_TEXT.toRegister} pathname={REGISTER_PATH} />
    </>
  );
}
