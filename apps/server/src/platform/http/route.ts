import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { forbidden } from './app-error.js';
import type { Access, AuthUser, Authenticator } from './auth.js';
import { ok } from './envelope.js';
import { parseInput } from './validation.js';

declare module 'fastify' {
  interface FastifyInstance {
    authenticator: Authenticator;
  }
  interface FastifyContextConfig {
    /** Every route says who may call it; `app.ts` refuses to start with a route that does not. */
    access?: Access;
  }
}

type UserFor<A extends Access> = A extends 'public' ? null : AuthUser;

export interface RouteContext<B, A extends Access> {
  body: B;
  user: UserFor<A>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions<S extends z.ZodType, A extends Access> {
  method?: 'GET' | 'POST';
  /** Path below each base, e.g. `/user/query_userinfo`. */
  url: string;
  /** Where the route is mounted; login and register are mounted under `/ai-sdk-api` too. */
  bases?: readonly string[];
  access: A;
  /** The request body's contract; without one the body is ignored. */
  body?: S;
  /** The answer's contract: fields it does not name are stripped before sending. */
  response?: z.ZodType;
  handler(context: RouteContext<z.output<S>, A>): Promise<unknown> | unknown;
}

/** Declares one API call: access check, body validation, the handler, the envelope. */
export function route<S extends z.ZodType, A extends Access>(app: FastifyInstance, options: RouteOptions<S, A>): void {
  const { access, body: bodySchema, response: responseSchema, handler } = options;
  for (const base of options.bases ?? ['/api']) {
    app.route({
      method: options.method ?? 'POST',
      url: `${base}${options.url}`,
      config: { access },
      handler: async (request, reply) => {
        const user = await resolveUser(app, access, request, reply);
        const body = bodySchema ? parseInput(bodySchema, request.body ?? {}) : undefined;
        const data = await handler({ body: body as z.output<S>, user: user as UserFor<A>, request, reply });
        if (reply.sent) return reply;
        return ok(responseSchema ? responseSchema.parse(data) : (data ?? null));
      },
    });
  }
}

async function resolveUser(app: FastifyInstance, access: Access, request: FastifyRequest, reply: FastifyReply) {
  if (access === 'public') return null;
  const user = await app.authenticator.authenticate(request, reply);
  if (access === 'admin' && user.role !== 'admin') throw forbidden('需要管理员权限');
  return user;
}
