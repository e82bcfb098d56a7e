import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserInfo } from '@agent-platform/contracts';

export type Access = 'public' | 'user' | 'admin';

/** The signed-in user as the session lookup found it: the user info the spec's calls return. */
export type AuthUser = UserInfo & {
  sessionId: string;
  /** Set when this call replaced an old token: the new session, whose token goes back in `access_token`. */
  successorSessionId?: string;
};

/** Resolves the `access-token` header to a user, or throws `UNAUTHENTICATED`. Implemented by the user module. */
export interface Authenticator {
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser>;
}

export const TOKEN_HEADER = 'access-token';
export const ROTATED_TOKEN_HEADER = 'access_token';
