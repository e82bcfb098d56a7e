import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { AgentGrid } from '../components/AgentGrid';
import { AGENT_LIST_TEXT as TEXT, AGENT_PATHS, AGENT_TITLES } from '../constants';

/** /agent: my agents and the published ones. */
export default function AgentListPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={AGENT_TITLES.list}
        description={TEXT.description}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(AGENT_PATHS.create)}>
            {TEXT.create}
          </Button>
        }
      />
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            { key: 'mine', label: TEXT.mine, children: <AgentGrid scope="mine" /> },
            { key: 'public', label: TEXT.public, children: <AgentGrid scope="public" /> },
          ]}
        />
      </Card>
    </>
  );
}
