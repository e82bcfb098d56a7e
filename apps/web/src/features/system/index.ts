import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { SYSTEM_TITLES } from './constants';

export const systemRoutes: RouteObject[] = [lazyRoute('system/account', SYSTEM_TITLES.account, () => import('./pages/SystemAccountPage'))];

export { accountAdminKeys } from './queries';
