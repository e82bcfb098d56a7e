import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAgents } from '../agents';
import { useConversations } from '../conversations';
import { useKbs } from '../knowledge';
import { useChatModels } from '../llm';
import { useTools } from '../tools';
import { uiSettingsKeys } from '../ui-settings';
import { dismissSetupChecklist } from './api';
import { setupSteps, type SetupStep } from './setup-steps';

const FIRST = { page: 1, page_size: 1 };
/** Built-in tools are listed too: a page large enough to find one of the user's own. */
const TOOL_PAGE = { page: 1, page_size: 100 };

/** The setup steps, read from what exists (the lists the other pages use, so they refresh together). */
export function useSetupSteps(): SetupStep[] {
  const models = useChatModels();
  const agents = useAgents('mine', FIRST);
  const conversations = useConversations('agent');
  const kbs = useKbs('mine', FIRST);
  const tools = useTools(TOOL_PAGE);
  return setupSteps({
    models: models.data?.length,
    agents: agents.data?.total,
    conversations: conversations.data?.total,
    knowledgeBases: kbs.data?.total,
    tools: tools.data?.list.filter((tool) => tool.kind !== 'builtin').length,
  });
}

export function useDismissSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissSetupChecklist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uiSettingsKeys.all }),
  });
}
