import type { AgentInfo } from '@agent-platform/contracts';
import type { ReactNode } from 'react';
import { EditableGate } from '../../../components/EditableGate';
import { AGENT_FORM_TEXT as TEXT, AGENT_PATHS } from '../constants';
import { useAgent } from '../queries';

/** The pages only an agent's owner (or an administrator) uses: loading, missing and read-only states, then the page. */
export function EditableAgent({ id, children }: { id: string; children: (agent: AgentInfo) => ReactNode }) {
  const agent = useAgent(id);
  return (
    <EditableGate query={agent} canEdit={(saved) => saved.editable} text={TEXT} backTo={AGENT_PATHS.list} skeletonRows={12}>
      {children}
    </EditableGate>
  );
}
