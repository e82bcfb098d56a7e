import { Card, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { toAgentBody } from '../agent-form';
import { AgentBuilder } from '../builder/AgentBuilder';
import { BuilderHeader } from '../builder/BuilderHeader';
import { AGENT_PATHS, AGENT_TITLES, AGENT_TOAST } from '../constants';
import { useChatModels, useCreateAgent } from '../queries';

/** /agent/create — saving goes on in the builder of the saved agent, where the preview chat works. */
export default function AgentCreatePage() {
  const navigate = useNavigate();
  const models = useChatModels();
  const unsaved = useUnsavedChanges();
  const create = useCreateAgent();
  if (models.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  return (
    <AgentBuilder
      defaultModel={models.data?.[0]?.llm_name}
      submitting={create.isPending}
      unsaved={unsaved}
      header={(submit) => <BuilderHeader title={AGENT_TITLES.create} submitting={create.isPending} onSubmit={submit} dirty={unsaved.dirty} />}
      onSubmit={(values) =>
        create.mutate(toAgentBody(values), {
          onSuccess: (agent) => {
            toast.success(AGENT_TOAST.created, { description: agent.name });
            unsaved.markSaved();
            void navigate(AGENT_PATHS.edit(agent.id), { replace: true });
          },
          onError: (error) => toast.error(AGENT_TOAST.saveFailed, { description: error.message }),
        })
      }
    />
  );
}
