/** What other features may use; the route table imports ./routes instead (keeps the first bundle small). */
export { RequireAdmin } from './components/RequireAdmin';
export { AUTH_TOAST } from './constants';
export { useLogout, useSessionUser, userKeys } from './queries';
export { confirmPasswordRules, passwordRules, PHONE_RULES } from './rules';
