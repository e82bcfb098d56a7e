import type { AgentInfo, ListAgentsBody } from '@agent-platform/contracts';
import { TaggedCardGrid } from '../../../components/TaggedCardGrid';
import type { AgentScope } from '../api';
import { AGENT_LIST_TEXT as TEXT } from '../constants';
import { useAgents } from '../queries';
import { AgentCard } from './AgentCard';
import { AgentTagSelect } from './AgentTagSelect';

/** The agents of one tab as cards: search by keyword and tag, paged on the server. */
export function AgentGrid({ scope }: { scope: AgentScope }) {
  return (
    <TaggedCardGrid<AgentInfo, ListAgentsBody>
      scope={scope}
      text={TEXT}
      useList={useAgents}
      tagFilter={(props) => <AgentTagSelect aria-label={TEXT.tagFilter} placeholder={TEXT.allTags} style={{ width: 200 }} {...props} />}
      renderCard={(agent) => <AgentCard agent={agent} showOwner={scope === 'public'} />}
    />
  );
}
