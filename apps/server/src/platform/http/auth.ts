import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator, AuthUser } from '../../core/index.js';

export type Access = 'public' | 'user' | 'admin';

export const TOKEN_HEADER = 'access-token';
export const ROTATED_TOKEN_HEADER = 'access_token';

/** The HTTP side of signing in: the token from the `access-token` header, a rotated one back in `access_token`. */
export async function authenticateRequest(authenticator: Authenticator, request: FastifyRequest, reply: FastifyReply): Promise<AuthUser> {
  const token = request.headers[TOKEN_HEADER];
  const { user, rotatedToken } = await authenticator.authenticate(typeof token === 'string' ? token : undefined);
  if (rotatedToken) reply.header(ROTATED_TOKEN_HEADER, rotatedToken);
  return user;
}
