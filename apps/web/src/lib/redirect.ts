/** Where the guard and the request client send a signed-out user, and how /login reads it back. */
export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';
export const LICENSE_EXPIRE_PATH = '/license/expire';
export const HOME_PATH = '/';
export const REDIRECT_PARAM = 'redirect';

interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

/** `/login?redirect=<encoded path + query + hash>`; no parameter when the user was at the root. */
export function buildLoginPath(location: LocationLike): string {
  const target = `${location.pathname}${location.search}${location.hash}`;
  if (!target || target === HOME_PATH || isAnonymousPath(location.pathname)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/**
 * The destination after sign-in: the decoded redirect parameter when it is a path of this site,
 * otherwise `/`. (URLSearchParams has already decoded it once; a second encoding is undone too.)
 */
export function resolveRedirectTarget(search: string): string {
  const raw = new URLSearchParams(search).get(REDIRECT_PARAM);
  if (!raw) return HOME_PATH;
  let target = raw;
  if (/%[0-9a-f]{2}/i.test(target) && !target.includes('/')) {
    try {
      target = decodeURIComponent(target);
    } catch {
      return HOME_PATH;
    }
  }
  const sameSite = target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
  return sameSite && !isAnonymousPath(target.split(/[?#]/)[0] ?? '') ? target : HOME_PATH;
}

export function isAnonymousPath(pathname: string): boolean {
  return pathname === LOGIN_PATH || pathname === REGISTER_PATH;
}
