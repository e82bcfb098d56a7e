import type { LoginBody } from '@agent-platform/contracts';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REGISTER_PATH, resolveRedirectTarget } from '../../../lib/redirect';
import styles from '../components/AuthForm.module.css';
import { AuthHeading } from '../components/AuthHeading';
import { AGREEMENT_URL, AUTH_RULES, AUTH_TEXT, AUTH_TOAST } from '../constants';
import { useSignIn } from '../queries';

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
      <Form<LoginBody> name="login" size="large" onFinish={onFinish} autoComplete="on">
        <Form.Item name="user_name" rules={[{ required: true, whitespace: true, message: AUTH_RULES.userNameRequired }]}>
          <Input
            prefix={<UserOutlined />}
            placeholder={AUTH_TEXT.userName}
            aria-label={AUTH_TEXT.userName}
            autoComplete="username"
            autoFocus
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: AUTH_RULES.passwordRequired }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={AUTH_TEXT.password}
            aria-label={AUTH_TEXT.password}
            autoComplete="current-password"
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
            {AUTH_TEXT.loginButton}
          </Button>
        </Form.Item>
      </Form>
      <p className={styles.note}>
        {AUTH_TEXT.agreementPrefix}
        <a href={AGREEMENT_URL} target="_blank" rel="noopener noreferrer">
          {AUTH_TEXT.agreementLink}
        </a>
      </p>
      <div className={styles.switch}>
        {AUTH_TEXT.noAccount}
        <Link to={{ pathname: REGISTER_PATH, search: location.search }}>{AUTH_TEXT.toRegister}</Link>
      </div>
    </>
  );
}
