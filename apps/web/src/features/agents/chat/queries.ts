import { MAX_PAGE_SIZE, type Page, type PlanRunInfo } from '@agent-platform/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/http';
import { agentKeys } from '../queries';
import { listPlanRuns } from './api';

export type PlanRunsQuery = { page: number; page_size: number; agent_id?: string };

const planKeys = {
  list: (query: PlanRunsQuery) => [...agentKeys.all, 'plan-runs', query] as const,
  run: (runId: string) => [...agentKeys.all, 'plan-run', runId] as const,
};

/** Plan runs, newest first; kept fresh while any is still going. */
export function usePlanRuns(query: PlanRunsQuery) {
  return useQuery<Page<PlanRunInfo>, ApiError>({
    queryKey: planKeys.list(query),
    queryFn: () => listPlanRuns(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.list.some((run) => run.status === 'running') ? 5_000 : false),
  });
}

/** Pages looked through for a reopened plan (the list call has no lookup by id). */
const SEARCH_PAGES = 5;

/** One plan run by id (`?run_id=`), or null when it is not among the user's newest ones. */
export function usePlanRun(runId: string | null) {
  return useQuery<PlanRunInfo | null, ApiError>({
    queryKey: planKeys.run(runId ?? ''),
    enabled: !!runId,
    staleTime: 0,
    queryFn: async () => {
      for (let page = 1; page <= SEARCH_PAGES; page += 1) {
        const { list, total } = await listPlanRuns({ page, page_size: MAX_PAGE_SIZE });
        const run = list.find((entry) => entry.run_id === runId);
        if (run) return run;
        if (page * MAX_PAGE_SIZE >= total) break;
      }
      return null;
    },
  });
}
