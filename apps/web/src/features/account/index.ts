import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { ACCOUNT_TITLES } from './constants';

export const accountRoutes: RouteObject[] = [lazyRoute('account/info', ACCOUNT_TITLES.info, () => import('./pages/AccountInfoPage'))];

export { useUpdateUserInfo } from './queries';
