import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/account';
import { agentEmbedRoutes, agentRoutes } from '../features/agents';
import { maRoutes } from '../features/multi-agent';
import { authRoutes, RequireAuth } from '../features/auth';
import { filesRoutes, filesStandaloneRoutes } from '../features/files';
import { knowledgeRoutes } from '../features/knowledge';
import { llmRoutes } from '../features/llm';
import { notFoundRoute, RouteErrorPage, statusRoutes } from '../features/status';
import { servicesRoutes } from '../features/services';
import { databaseRoutes } from '../features/database';
import { systemRoutes } from '../features/system';
import { depsRoutes } from '../features/deps';
import { tagsRoutes } from '../features/tags';
import { toolsRoutes } from '../features/tools';
import { setHttpHandlers } from '../lib/http';
import { buildLoginPath, isAnonymousPath, LICENSE_EXPIRE_PATH } from '../lib/redirect';
import type { PageLoader } from '../lib/routes';
import { pendingAppRoutes, pendingStandaloneRoutes, SECTION_REDIRECTS } from './pending-routes';
import { RootShell } from './RootShell';

/** The landing screen. */
export const LANDING_PATH = '/agent/chat';

function lazyLayout(load: PageLoader, children: RouteObject[]): RouteObject {
  return { lazy: async () => ({ Component: (await load()).default }), children };
}

const loadAuthLayout = () => import('../layouts/AuthLayout');
const loadAppLayout = () => import('../layouts/AppLayout');
const loadStandaloneLayout = () => import('../layouts/StandaloneLayout');

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: () => null,
    children: [
      lazyLayout(loadAuthLayout, authRoutes),
      lazyLayout(loadStandaloneLayout, [...statusRoutes, notFoundRoute]),
      ...agentEmbedRoutes,
      {
        element: <RequireAuth />,
        children: [
          lazyLayout(loadAppLayout, [
            {
              errorElement: <RouteErrorPage />,
              children: [
                { index: true, element: <Navigate to={LANDING_PATH} replace /> },
                ...SECTION_REDIRECTS.map(([path, to]): RouteObject => ({ path, element: <Navigate to={to} replace /> })),
                ...accountRoutes,
                ...systemRoutes,
                ...depsRoutes,
                ...tagsRoutes,
                ...llmRoutes,
                ...filesRoutes,
                ...knowledgeRoutes,
                ...toolsRoutes,
                ...servicesRoutes,
                ...databaseRoutes,
                ...agentRoutes,
                ...maRoutes,
                ...pendingAppRoutes,
              ],
            },
          ]),
          lazyLayout(loadStandaloneLayout, [...filesStandaloneRoutes, ...pendingStandaloneRoutes]),
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// 40101 anywhere → sign-in with the redirect parameter; licence expiry → /license/expire.
setHttpHandlers({
  onUnauthenticated: () => {
    const { location } = router.state;
    if (!isAnonymousPath(location.pathname)) void router.navigate(buildLoginPath(location), { replace: true });
  },
  onLicenseExpired: () => {
    if (router.state.location.pathname !== LICENSE_EXPIRE_PATH) void router.navigate(LICENSE_EXPIRE_PATH, { replace: true });
  },
});
