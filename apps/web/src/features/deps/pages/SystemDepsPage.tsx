import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Skeleton, Tabs, Typography } from 'antd';
import { AdminOnly } from '../../../components/AdminOnly';
import { PageHeader } from '../../../components/PageHeader';
import { formatDateTime } from '../../../lib/format';
import { useSessionUser } from '../../auth';
import { DepsHealth } from '../components/DepsHealth';
import { TopologyView } from '../components/TopologyView';
import { DEPS_TEXT as TEXT, DEPS_TITLE } from '../constants';
import { useDepsReport, useTopology } from '../queries';

/** Administrators: the health of every dependency, and the topology of who uses what. */
export default function SystemDepsPage() {
  const user = useSessionUser();
  const isAdmin = user.role === 'admin';
  return (
    <AdminOnly isAdmin={isAdmin}>
      <DepsPage />
    </AdminOnly>
  );
}

function DepsPage() {
  const deps = useDepsReport();
  const topology = useTopology();
  const refreshing = deps.isFetching || topology.isFetching;
  const refresh = () => {
    void deps.refetch();
    void topology.refetch();
  };
  return (
    <>
      <PageHeader
        title={DEPS_TITLE}
        description={TEXT.description}
        extra={
          <Flex gap={12} align="center">
            {deps.data ? <Typography.Text type="secondary">{TEXT.checkedAt(formatDateTime(deps.data.checked_at))}</Typography.Text> : null}
            <Button icon={<ReloadOutlined />} loading={refreshing} onClick={refresh}>
              {TEXT.refresh}
            </Button>
          </Flex>
        }
      />
      <Card>
        <Tabs
          items={[
            {
              key: 'health',
              label: TEXT.healthTab,
              children: deps.isError ? (
                <Alert type="error" showIcon title={TEXT.loadFailed} description={deps.error.message} />
              ) : deps.data ? (
                <DepsHealth report={deps.data} />
              ) : (
                <Skeleton active paragraph={{ rows: 8 }} />
              ),
            },
            {
              key: 'topology',
              label: TEXT.topologyTab,
              destroyOnHidden: true,
              children: topology.isError ? (
                <Alert type="error" showIcon title={TEXT.topologyFailed} description={topology.error.message} />
              ) : topology.data ? (
                <TopologyView topology={topology.data} deps={deps.data} />
              ) : (
                <Skeleton active paragraph={{ rows: 8 }} />
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
