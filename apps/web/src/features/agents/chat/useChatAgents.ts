import { MAX_PAGE_SIZE, type AgentInfo } from '@agent-platform/contracts';
import { useAgents } from '../queries';

const ALL = { page: 1, page_size: MAX_PAGE_SIZE };

/** The agents the user may chat with: their own, then everyone's published ones (theirs listed once). */
export function useChatAgents() {
  const mine = useAgents('mine', ALL);
  const published = useAgents('public', ALL);
  const own = mine.data?.list ?? [];
  const others = (published.data?.list ?? []).filter((agent) => !own.some((entry) => entry.id === agent.id));
  const all: AgentInfo[] = [...own, ...others];
  return {
    mine: own,
    published: others,
    all,
    isPending: mine.isPending || published.isPending,
    error: mine.error ?? published.error,
  };
}
