import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { agentChatRoutes } from './chat/routes';
import { AGENT_TITLES } from './paths';

/** Agents: the list, the builder and publishing (the chat pages are added beside them). */
export const agentRoutes: RouteObject[] = [
  lazyRoute('agent', AGENT_TITLES.list, () => import('./pages/AgentListPage')),
  lazyRoute('agent/create', AGENT_TITLES.create, () => import('./pages/AgentCreatePage')),
  lazyRoute('agent/edit/:id', AGENT_TITLES.edit, () => import('./pages/AgentEditPage')),
  lazyRoute('agent/dep/:id', AGENT_TITLES.deploy, () => import('./pages/AgentDeployPage')),
  ...agentChatRoutes,
];

/** The embeddable chat: outside sign-in and every layout (a web page shows it in an iframe). */
export const agentEmbedRoutes: RouteObject[] = [lazyRoute('embed/agent/:id', AGENT_TITLES.embed, () => import('./embed/EmbedChatPage'))];
export { AGENT_PATHS } from './paths';
export { useAgents } from './queries';
