import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { COMMON_TEXT } from '../../../components/constants';
import { HOME_PATH } from '../../../lib/redirect';
import { STATUS_TEXT, STATUS_TITLES } from '../constants';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={STATUS_TITLES.notFound}
      subTitle={STATUS_TEXT.notFound}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {COMMON_TEXT.backHome}
        </Button>
      }
    />
  );
}
