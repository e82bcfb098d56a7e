import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../core/index.js';

export type Access = 'public' | 'user' | 'admin';

/** Resolves the `access-token` header to a user, or throws `UNAUTHENTICATED`. Implemented by the user module. */
export interface Authenticator {
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser>;
}

export const TOKEN_HEADER = 'access-token';
export const ROTATED_TOKEN_HEADER = 'access_token';
