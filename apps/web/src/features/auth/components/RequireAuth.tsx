import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../../../components/FullPageSpinner';
import { isLicenseExpired } from '../../../lib/http';
import { buildLoginPath, LICENSE_EXPIRE_PATH } from '../../../lib/redirect';
import { getToken } from '../../../lib/token';
import { useCurrentUserQuery } from '../queries';

/**
 * The guard of the authenticated area: loads the user's info; on failure (or without a token) sends
 * the user to /login with the original path, query and hash in the redirect parameter.
 */
export function RequireAuth() {
  const location = useLocation();
  const hasToken = getToken() !== null;
  const { data, error } = useCurrentUserQuery(hasToken);

  if (error && isLicenseExpired(error)) return <Navigate to={LICENSE_EXPIRE_PATH} replace />;
  if (!hasToken || error) return <Navigate to={buildLoginPath(location)} replace />;
  if (!data) return <FullPageSpinner />;
  return <Outlet />;
}
