import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { COMMON_TEXT } from '../../../components/constants';
import { HOME_PATH, LOGIN_PATH } from '../../../lib/redirect';
import { STATUS_TEXT, STATUS_TITLES } from '../constants';

/** Where the request client sends the user on HTTP 403 with envelope code 40302. */
export default function LicenseExpirePage() {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={STATUS_TITLES.licenseExpire}
      subTitle={STATUS_TEXT.licenseExpire}
      extra={[
        <Button key="home" type="primary" onClick={() => navigate(HOME_PATH)}>
          {COMMON_TEXT.backHome}
        </Button>,
        <Button key="login" onClick={() => navigate(LOGIN_PATH)}>
          {STATUS_TEXT.toLogin}
        </Button>,
      ]}
    />
  );
}
