import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { TOOL_LIST_TABS, TOOL_TITLES } from './paths';

const loadList = () => import('./pages/ToolListPage');

/** Tools: one list page per kind (tabs), the create/edit form, the test page, and an API tool set's page. */
export const toolsRoutes: RouteObject[] = [
  ...TOOL_LIST_TABS.map((tab) => lazyRoute(tab.path.slice(1), tab.label, loadList)),
  lazyRoute('tool/create', TOOL_TITLES.create, () => import('./pages/ToolCreatePage')),
  lazyRoute('tool/edit/:id', TOOL_TITLES.edit, () => import('./pages/ToolEditPage')),
  lazyRoute('tool/call/:id', TOOL_TITLES.call, () => import('./pages/ToolCallPage')),
  lazyRoute('tool/provider/:id', TOOL_TITLES.provider, () => import('./pages/ToolProviderPage')),
];

export { TOOL_PATHS } from './paths';
export { useTools, useUsableTools } from './queries';
