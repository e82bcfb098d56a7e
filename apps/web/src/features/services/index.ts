import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { SERVICE_TITLES } from './constants';

/** MCP services: the cards, and the form whose 测试连接 lists the functions. */
export const servicesRoutes: RouteObject[] = [
  lazyRoute('service', SERVICE_TITLES.list, () => import('./pages/ServiceListPage')),
  lazyRoute('service/create', SERVICE_TITLES.create, () => import('./pages/ServiceCreatePage')),
  lazyRoute('service/edit/:id', SERVICE_TITLES.edit, () => import('./pages/ServiceEditPage')),
];

export { useServiceFunctions, useServiceResourcesAndPrompts, useUsableServices } from './queries';
