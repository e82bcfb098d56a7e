import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { AUTH_TITLES } from './constants';

/** /login and /register, rendered inside the AuthLayout. */
export const authRoutes: RouteObject[] = [
  lazyRoute('login', AUTH_TITLES.login, () => import('./pages/LoginPage')),
  lazyRoute('register', AUTH_TITLES.register, () => import('./pages/RegisterPage')),
];

// Keep this surface light: the route table imports it into the first bundle of every screen.
export { RequireAuth } from './components/RequireAuth';
export { AUTH_TOAST, USER_FIELD_LABELS } from './constants';
export { useLogout, useSessionUser, userKeys } from './queries';
export { confirmPasswordRules, passwordRules, PHONE_RULES } from './rules';
