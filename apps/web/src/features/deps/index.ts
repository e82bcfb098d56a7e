import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { DEPS_TITLE } from './titles';

export const depsRoutes: RouteObject[] = [lazyRoute('system/deps', DEPS_TITLE, () => import('./pages/SystemDepsPage'))];
