import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { STATUS_TITLES } from './constants';

/** Screens outside the authenticated area: /license/expire and /version. */
export const statusRoutes: RouteObject[] = [
  lazyRoute('license/expire', STATUS_TITLES.licenseExpire, () => import('./pages/LicenseExpirePage')),
  lazyRoute('version', STATUS_TITLES.version, () => import('./pages/VersionPage')),
];

export const notFoundRoute: RouteObject = lazyRoute('*', STATUS_TITLES.notFound, () => import('./pages/NotFoundPage'));

/** The route error page: eager, it must show even when a chunk fails to load. */
export { RouteErrorPage } from './pages/RouteErrorPage';
export { useBuildInfo, versionKeys } from './queries';
