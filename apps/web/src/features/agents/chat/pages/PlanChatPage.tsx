import { Alert, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { AGENT_CHAT_TITLES, PLAN_TEXT } from '../constants';
import { usePlanRun } from '../queries';
import { AgentChatFrame } from './AgentChatPage';

/**
 * /agent/plan-chat: a task → a drafted plan to confirm, edit or redo → its execution step by step →
 * a summary. `?run_id=` reopens a plan run (paused, finished, or still going elsewhere: then followed).
 */
export default function PlanChatPage() {
  const [params] = useSearchParams();
  const runId = params.get('run_id');
  const run = usePlanRun(runId);
  if (!runId) return <AgentChatFrame mode="plan" title={AGENT_CHAT_TITLES.planChat} />;
  if (run.isPending) return <Skeleton active />;
  if (run.isError) return <Alert type="error" showIcon title={run.error.message} />;
  if (!run.data) return <Alert type="warning" showIcon title={PLAN_TEXT.runNotFound} />;
  const { agent_id, conversation_id, status } = run.data;
  return (
    <AgentChatFrame
      key={runId}
      mode="plan"
      title={AGENT_CHAT_TITLES.planChat}
      initialAgentId={agent_id}
      conversationId={conversation_id ?? undefined}
      followRunId={status === 'running' ? runId : undefined}
    />
  );
}
