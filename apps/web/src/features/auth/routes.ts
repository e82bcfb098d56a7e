import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { AUTH_TITLES } from './constants';

/** /login and /register, rendered inside the AuthLayout. */
export const authRoutes: RouteObject[] = [
  lazyRoute('login', AUTH_TITLES.login, () => import('./pages/LoginPage')),
  lazyRoute('register', AUTH_TITLES.register, () => import('./pages/RegisterPage')),
];

/** The guard of the authenticated area. */
export { RequireAuth } from './components/RequireAuth';
