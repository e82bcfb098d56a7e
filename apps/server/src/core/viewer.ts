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
