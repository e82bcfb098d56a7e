import { Col, Row } from 'antd';
import { PageHeader } from '../../../components/PageHeader';
import { PasswordCard } from '../components/PasswordCard';
import { ProfileCard } from '../components/ProfileCard';
import { ACCOUNT_TEXT, ACCOUNT_TITLES } from '../constants';

export default function AccountInfoPage() {
  return (
    <>
      <PageHeader title={ACCOUNT_TITLES.info} description={ACCOUNT_TEXT.description} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ProfileCard />
        </Col>
        <Col xs={24} lg={12}>
          <PasswordCard />
        </Col>
      </Row>
    </>
  );
}
