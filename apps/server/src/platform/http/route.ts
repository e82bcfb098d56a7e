import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, forbidden } from './app-error.js';
import { TOKEN_HEADER, type Access, type AuthUser, type Authenticator } from './auth.js';
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
  /** Where the route is mounted; the spec mounts login and register under `/ai-sdk-api` too. */
  bases?: readonly string[];
  access: A;
  /** The request body's contract; without one the body is ignored. */
  body?: S;
  /** The answer's contract: fields it does not name are stripped before sending. */
  response?: z.ZodType;
  handler(context: RouteContext<z.output<S>, A>): Promise<unknown> | unknown;
}

/** A call as `route()` declared it: what the route fuzzer in the tests reads to build bodies from contracts. */
export interface DeclaredRoute {
  method: 'GET' | 'POST';
  url: string;
  access: Access;
  body?: z.ZodType;
}

// Keyed by the HTTP server, which every encapsulated instance of one app shares.
const declared = new WeakMap<object, DeclaredRoute[]>();

/** Every call `route()` declared on the app, with its body contract. */
export function declaredRoutes(app: FastifyInstance): DeclaredRoute[] {
  return declared.get(app.server) ?? [];
}

/** Declares one API call: access check, body validation, the handler, the envelope. */
export function route<S extends z.ZodType, A extends Access>(app: FastifyInstance, options: RouteOptions<S, A>): void {
  const { access, body: bodySchema, response: responseSchema, handler } = options;
  const routes = declared.get(app.server) ?? [];
  declared.set(app.server, routes);
  for (const base of options.bases ?? ['/api']) {
    routes.push({ method: options.method ?? 'POST', url: `${base}${options.url}`, access, body: bodySchema });
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

/** On a public call: the signed-in caller, or `null` without a token or with one that is not valid (any more). */
export async function findCaller(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<AuthUser | null> {
  if (!request.headers[TOKEN_HEADER]) return null;
  try {
    return await app.authenticator.authenticate(request, reply);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
