import type { PlanRunInfo } from '@agent-platform/contracts';
import { FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Progress, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader';
import { formatDateTime } from '../../../../lib/format';
import { usePagedQuery } from '../../../../lib/use-paged-query';
import { AGENT_CHAT_PATHS, AGENT_CHAT_TITLES, PLAN_LIST_TEXT as TEXT } from '../constants';
import styles from '../AgentChatPage.module.css';
import { usePlanRuns, type PlanRunsQuery } from '../queries';
import { useChatAgents } from '../useChatAgents';
import { listLoading } from '../../../../lib/list-loading';

const STATUS_COLORS: Record<PlanRunInfo['status'], string> = {
  running: 'processing',
  awaiting: 'warning',
  completed: 'success',
  finished: 'default',
  failed: 'error',
  cancelled: 'default',
};

function StepsDone({ run }: { run: PlanRunInfo }) {
  const total = run.steps.length;
  const done = run.steps.filter((step) => step.status === 'done').length;
  if (!total) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex align="center" gap={8}>
      <Progress percent={Math.round((done / total) * 100)} size="small" showInfo={false} style={{ width: 80, margin: 0 }} />
      <Typography.Text type="secondary">
        {done}/{total}
      </Typography.Text>
    </Flex>
  );
}

/** /agent/plan-list: every plan run with where it stands; 打开 reopens it in plan chat. */
export default function PlanListPage() {
  const navigate = useNavigate();
  const agents = useChatAgents();
  const { query, filter, pagination } = usePagedQuery<PlanRunsQuery>();
  const runs = usePlanRuns(query);
  const columns: TableColumnsType<PlanRunInfo> = [
    {
      title: TEXT.columns.title,
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, run) => (
        <Typography.Link title={title || undefined} onClick={() => navigate(AGENT_CHAT_PATHS.planRun(run.run_id))}>
          {title || '-'}
        </Typography.Link>
      ),
    },
    { title: TEXT.columns.agent, dataIndex: 'agent_name', width: 180, ellipsis: true },
    {
      title: TEXT.columns.status,
      dataIndex: 'status',
      width: 110,
      render: (status: PlanRunInfo['status']) => <Tag color={STATUS_COLORS[status]}>{TEXT.status[status]}</Tag>,
    },
    { title: TEXT.columns.steps, key: 'steps', width: 150, render: (_, run) => <StepsDone run={run} /> },
    { title: TEXT.columns.time, dataIndex: 'updated_at', width: 180, render: (value: string) => formatDateTime(value) },
    {
      title: TEXT.columns.actions,
      key: 'actions',
      width: 100,
      render: (_, run) => (
        <Button type="link" size="small" icon={<FolderOpenOutlined />} onClick={() => navigate(AGENT_CHAT_PATHS.planRun(run.run_id))}>
          {TEXT.open}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={AGENT_CHAT_TITLES.planList}
        description={TEXT.description}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(AGENT_CHAT_PATHS.planChat)}>
            {TEXT.newPlan}
          </Button>
        }
      />
      <Card>
        <Flex gap={12} style={{ marginBottom: 16 }}>
          <Select
            allowClear
            aria-label={TEXT.filterAgent}
            placeholder={TEXT.filterAgent}
            className={styles.toolbarPicker}
            loading={agents.isPending}
            options={agents.all.map((agent) => ({ value: agent.id, label: agent.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(agentId: string | undefined) => filter({ agent_id: agentId })}
          />
        </Flex>
        {runs.isError ? <Alert type="error" showIcon title={runs.error.message} style={{ marginBottom: 16 }} /> : null}
        <Table
          rowKey="run_id"
          className={styles.table}
          columns={columns}
          dataSource={runs.data?.list}
          loading={listLoading(runs)}
          pagination={pagination(runs.data?.total)}
          locale={{ emptyText: TEXT.empty }}
          scroll={{ x: 800 }}
        />
      </Card>
    </>
  );
}
