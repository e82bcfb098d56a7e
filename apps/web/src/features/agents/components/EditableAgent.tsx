import type { AgentInfo } from '@agent-platform/contracts';
import { Button, Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AGENT_FORM_TEXT as TEXT, AGENT_PATHS } from '../constants';
import { useAgent } from '../queries';

/** The pages only an agent's owner (or an administrator) uses: loading, missing and read-only states, then the page. */
export function EditableAgent({ id, children }: { id: string; children: (agent: AgentInfo) => ReactNode }) {
  const navigate = useNavigate();
  const agent = useAgent(id);
  const back = (
    <Button type="primary" onClick={() => navigate(AGENT_PATHS.list)}>
      {TEXT.back}
    </Button>
  );
  if (agent.isPending) return <Card><Skeleton active paragraph={{ rows: 12 }} /></Card>;
  if (agent.isError) return <Result status="warning" title={agent.error.code === 40401 ? TEXT.notFound : agent.error.message} extra={back} />;
  if (!agent.data.editable) return <Result status="403" title={TEXT.readOnly} extra={back} />;
  return children(agent.data);
}
