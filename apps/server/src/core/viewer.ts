import type { UserInfo } from '@agent-platform/contracts';

/** Who is asking: the signed-in user, or a job acting for one. `AuthUser` is a Viewer. */
export interface Viewer {
  id: string;
  role: 'admin' | 'user';
}

/** The signed-in user as the session lookup found it: the user info the spec's calls return. */
export type AuthUser = UserInfo & {
  sessionId: string;
  /** Set when this call replaced an old token: the new session, whose token goes back in `access_token`. */
  successorSessionId?: string;
};

/** What a valid session token gives a call: its user, and the token that replaces it when this call rotated it. */
export interface Authenticated {
  user: AuthUser;
  /** The client keeps this one from now on (the HTTP edge sends it back in `access_token`). */
  rotatedToken?: string;
}

/**
 * Resolves the session token a call presents to its user, or throws `UNAUTHENTICATED`. Transport-free:
 * the user module implements it, and the HTTP edge reads the token from the `access-token` header.
 */
export interface Authenticator {
  authenticate(token: string | undefined): Promise<Authenticated>;
}
