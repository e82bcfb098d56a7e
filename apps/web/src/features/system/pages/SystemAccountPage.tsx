import { Card, Tabs } from 'antd';
import { AdminOnly } from '../../../components/AdminOnly';
import { PageHeader } from '../../../components/PageHeader';
import { useSessionUser } from '../../auth';
import { AuditTable } from '../components/AuditTable';
import { UsageTable } from '../components/UsageTable';
import { UserTable } from '../components/UserTable';
import { ACCOUNT_ADMIN_TEXT as TEXT, SYSTEM_TITLES } from '../constants';

/** Administrators: the accounts (review, roles, delete), everyone's usage and the audit log. */
export default function SystemAccountPage() {
  const user = useSessionUser();
  return (
    <AdminOnly isAdmin={user.role === 'admin'}>
      <PageHeader title={SYSTEM_TITLES.account} description={TEXT.description} />
      <Card>
        <Tabs
          items={[
            { key: 'users', label: TEXT.usersTab, children: <UserTable /> },
            { key: 'usage', label: TEXT.usageTab, children: <UsageTable />, destroyOnHidden: true },
            { key: 'audit', label: TEXT.auditTab, children: <AuditTable />, destroyOnHidden: true },
          ]}
        />
      </Card>
    </AdminOnly>
  );
}
