import { Card } from 'antd';
import { AdminOnly } from '../../../components/AdminOnly';
import { PageHeader } from '../../../components/PageHeader';
import { useSessionUser } from '../../auth';
import { PropertyTable } from '../components/PropertyTable';
import { SmsProviderCard } from '../components/SmsProviderCard';
import { PROPERTY_TEXT as TEXT, SYSTEM_TITLES } from '../constants';

/** Administrators: every system property, with an editor fitting each value. */
export default function SystemPropertyPage() {
  const user = useSessionUser();
  return (
    <AdminOnly isAdmin={user.role === 'admin'}>
      <PageHeader title={SYSTEM_TITLES.property} description={TEXT.description} />
      <SmsProviderCard />
      <Card>
        <PropertyTable />
      </Card>
    </AdminOnly>
  );
}
