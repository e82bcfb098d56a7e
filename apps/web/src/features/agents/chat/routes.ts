import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../lib/routes';
import { AGENT_CHAT_TITLES } from './constants';

/** Agent chat (the landing page), plan chat and the plan runs, each page its own chunk. */
export const agentChatRoutes: RouteObject[] = [
  lazyRoute('agent/chat', AGENT_CHAT_TITLES.chat, () => import('./pages/AgentChatPage')),
  lazyRoute('agent/plan-chat', AGENT_CHAT_TITLES.planChat, () => import('./pages/PlanChatPage')),
  lazyRoute('agent/plan-list', AGENT_CHAT_TITLES.planList, () => import('./pages/PlanListPage')),
];
