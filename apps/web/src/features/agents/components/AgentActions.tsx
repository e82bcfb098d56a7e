import type { AgentInfo } from '@agent-platform/contracts';
import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { AGENT_LIST_TEXT as TEXT, AGENT_PATHS, AGENT_TOAST } from '../constants';
import { useDeleteAgent, useSetAgentPublic } from '../queries';

/** Long enough to read the names of the setups a withheld agent breaks. */
const WARNING_TOAST_MS = 10_000;

interface AgentActionsProps {
  agent: AgentInfo;
  /** Leave out the link to the page the actions are shown on. */
  hide?: 'chat' | 'deploy';
  onDeleted?: () => void;
}

/** 对话 for everyone; 编辑 · 发布/取消发布 · 发布/接入 · 删除 for the owner and administrators. */
export function AgentActions({ agent, hide, onDeleted }: AgentActionsProps) {
  const navigate = useNavigate();
  const publish = useSetAgentPublic();
  const remove = useDeleteAgent();
  const togglePublic = () =>
    publish.mutate(
      { id: agent.id, isPublic: !agent.is_public },
      {
        onSuccess: (answer) =>
          answer.warning
            ? toast.warning(AGENT_TOAST.withheld, { description: answer.warning, duration: WARNING_TOAST_MS })
            : toast.success(agent.is_public ? AGENT_TOAST.withheld : AGENT_TOAST.published, { description: agent.name }),
        onError: (error) => toast.error(AGENT_TOAST.failed, { description: error.message }),
      },
    );
  return (
    <Flex gap={0} wrap justify="center">
      {hide === 'chat' ? null : (
        <Button type="link" size="small" onClick={() => navigate(AGENT_PATHS.chat(agent.id))}>
          {TEXT.chat}
        </Button>
      )}
      {agent.editable ? (
        <>
          <Button type="link" size="small" onClick={() => navigate(AGENT_PATHS.edit(agent.id))}>
            {TEXT.edit}
          </Button>
          <Button type="link" size="small" loading={publish.isPending} onClick={togglePublic}>
            {agent.is_public ? TEXT.withhold : TEXT.publish}
          </Button>
          {hide === 'deploy' ? null : (
            <Button type="link" size="small" onClick={() => navigate(AGENT_PATHS.deploy(agent.id))}>
              {TEXT.deploy}
            </Button>
          )}
          <ConfirmDeleteButton
            title={TEXT.deleteConfirm}
            description={TEXT.deleteConfirmDescription}
            onDelete={() => remove.mutateAsync(agent.id).then(onDeleted)}
            pending={remove.isPending}
            successToast={AGENT_TOAST.deleted}
            failureToast={AGENT_TOAST.failed}
            subject={agent.name}
          />
        </>
      ) : null}
    </Flex>
  );
}
