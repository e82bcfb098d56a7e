import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { SYSTEM_TITLES } from './titles';

export const systemRoutes: RouteObject[] = [
  lazyRoute('system/account', SYSTEM_TITLES.account, () => import('./pages/SystemAccountPage')),
  lazyRoute('system/config/property', SYSTEM_TITLES.property, () => import('./pages/SystemPropertyPage')),
  lazyRoute('system/config/ui', SYSTEM_TITLES.ui, () => import('./pages/SystemUiPage')),
  lazyRoute('system/summary', SYSTEM_TITLES.summary, () => import('./pages/SystemSummaryPage')),
];
