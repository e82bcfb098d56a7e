import type { ListAgentsBody } from '@agent-platform/contracts';
import { CardGrid } from '../../../components/CardGrid';
import { ListToolbar } from '../../../components/ListToolbar';
import { usePagedQuery } from '../../../lib/use-paged-query';
import type { AgentScope } from '../api';
import { AGENT_LIST_TEXT as TEXT } from '../constants';
import { useAgents } from '../queries';
import { AgentCard } from './AgentCard';
import { AgentTagSelect } from './AgentTagSelect';

/** The agents of one tab as cards: search by keyword and tag, paged on the server. */
export function AgentGrid({ scope }: { scope: AgentScope }) {
  const { query, filter, pagination } = usePagedQuery<ListAgentsBody>();
  const agents = useAgents(scope, query);
  const filtered = !!(query.keyword || query.tag);

  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.searchPlaceholder} onSearch={(keyword) => filter({ keyword })}>
        <AgentTagSelect
          aria-label={TEXT.tagFilter}
          placeholder={TEXT.allTags}
          style={{ width: 200 }}
          value={query.tag}
          onChange={(tag) => filter({ tag: typeof tag === 'string' && tag ? tag : undefined })}
        />
      </ListToolbar>
      <CardGrid
        query={agents}
        items={agents.data?.list ?? []}
        itemKey={(agent) => agent.id}
        renderCard={(agent) => <AgentCard agent={agent} showOwner={scope === 'public'} />}
        empty={filtered ? TEXT.emptyFiltered : scope === 'mine' ? TEXT.empty : TEXT.emptyPublic}
        pagination={pagination(agents.data?.total)}
      />
    </>
  );
}
