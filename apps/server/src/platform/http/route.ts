import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, forbidden, parseInput, type Authenticator, type AuthUser } from '../../core/index.js';
import { runAudited, type RouteAudit } from './audit-trail.js';
import { authenticateRequest, TOKEN_HEADER, type Access } from './auth.js';
import { ok } from './envelope.js';

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

export interface RouteContext<B, A extends Access, Q = undefined, P = undefined> {
  body: B;
  /** The query string, parsed by `query`. */
  query: Q;
  /** The path parameters, parsed by `params`. */
  params: P;
  user: UserFor<A>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteOptions<S extends z.ZodType, A extends Access, Q extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined, R = unknown> {
  method?: 'GET' | 'POST';
  /** Path below each base, e.g. `/user/query_userinfo`. */
  url: string;
  /** Where the route is mounted; login and register are mounted under `/ai-sdk-api` too. */
  bases?: readonly string[];
  access: A;
  /** The request body's contract; without one the body is ignored. */
  body?: S;
  /** The query string's contract (`GET` calls); without one it is ignored. */
  query?: Q;
  /** The path parameters' contract (`/runs/:id`); without one they are ignored. */
  params?: P;
  /** The answer's contract: fields it does not name are stripped before sending. */
  response?: z.ZodType;
  /** What the call records in the audit log when it succeeds (see `audit-trail.ts`). */
  audit?: RouteAudit<z.output<S>, Awaited<R>, UserFor<A>>;
  handler(context: RouteContext<z.output<S>, A, Parsed<Q>, Parsed<P>>): Promise<R> | R;
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

/** Declares one API call: access check, validation of path parameters, query and body, the handler, the envelope. */
export function route<S extends z.ZodType, A extends Access, Q extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined, R = unknown>(
  app: FastifyInstance,
  options: RouteOptions<S, A, Q, P, R>,
): void {
  const { access, body: bodySchema, query: querySchema, params: paramsSchema, response: responseSchema, handler } = options;
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
        const params = (paramsSchema ? parseInput(paramsSchema, request.params ?? {}) : undefined) as Parsed<P>;
        const query = (querySchema ? parseInput(querySchema, request.query ?? {}) : undefined) as Parsed<Q>;
        const body = bodySchema ? parseInput(bodySchema, request.body ?? {}) : undefined;
        const data = await runAudited<z.output<S>, Awaited<R>, UserFor<A>>(
          app,
          options.audit,
          request,
          user as UserFor<A>,
          body as z.output<S>,
          () => Promise.resolve(handler({ body: body as z.output<S>, query, params, user: user as UserFor<A>, request, reply })) as Promise<Awaited<R>>,
        );
        if (reply.sent) return reply;
        return ok(responseSchema ? responseSchema.parse(data) : (data ?? null));
      },
    });
  }
}

async function resolveUser(app: FastifyInstance, access: Access, request: FastifyRequest, reply: FastifyReply) {
  if (access === 'public') return null;
  const user = await authenticateRequest(app.authenticator, request, reply);
  if (access === 'admin' && user.role !== 'admin') throw forbidden('需要管理员权限');
  return user;
}

/** On a public call: the signed-in caller, or `null` without a token or with one that is not valid (any more). */
export async function findCaller(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<AuthUser | null> {
  if (!request.headers[TOKEN_HEADER]) return null;
  try {
    return await authenticateRequest(app.authenticator, request, reply);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
