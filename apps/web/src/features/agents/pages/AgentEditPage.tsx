import type { AgentInfo } from '@agent-platform/contracts';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { toAgentBody } from '../agent-form';
import { AgentBuilder } from '../builder/AgentBuilder';
import { BuilderHeader } from '../builder/BuilderHeader';
import { EditableAgent } from '../components/EditableAgent';
import { AGENT_TITLES, AGENT_TOAST } from '../constants';
import { useUpdateAgent } from '../queries';

function EditBuilder({ saved }: { saved: AgentInfo }) {
  const unsaved = useUnsavedChanges();
  const update = useUpdateAgent();
  return (
    <AgentBuilder
      agent={saved}
      submitting={update.isPending}
      unsaved={unsaved}
      header={(submit) => <BuilderHeader title={`${AGENT_TITLES.edit}：${saved.name}`} agent={saved} submitting={update.isPending} onSubmit={submit} dirty={unsaved.dirty} />}
      onSubmit={(values) =>
        update.mutate(
          { id: saved.id, ...toAgentBody(values) },
          {
            onSuccess: (next) => {
              unsaved.markSaved();
              toast.success(AGENT_TOAST.saved, { description: next.name });
            },
            onError: (error) => toast.error(AGENT_TOAST.saveFailed, { description: error.message }),
          },
        )
      }
    />
  );
}

/** /agent/edit/:id — the builder of a saved agent; saving keeps the form (its values are what was saved). */
export default function AgentEditPage() {
  const { id = '' } = useParams();
  // A new form for another agent.
  return <EditableAgent id={id}>{(saved) => <EditBuilder key={saved.id} saved={saved} />}</EditableAgent>;
}
