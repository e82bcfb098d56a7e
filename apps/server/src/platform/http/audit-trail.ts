import type { AuditAction } from '@agent-platform/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, type AuditActor, type AuditEvent, type AuditRecorder, type AuthUser } from '../../core/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where calls that declare `audit` record themselves (the audit module); absent in apps built without it. */
    auditRecorder?: AuditRecorder;
  }
}

/** What a call has done, for a route that declares `audit`. */
interface AuditDone<B, R> {
  body: B;
  /** The handler's answer; undefined when it refused. */
  result: R | undefined;
}

/** A route's audit declaration: recorded after the handler succeeded, with the caller and its address. */
export interface RouteAudit<B, R, U extends AuthUser | null = AuthUser | null> {
  /** The action, or the action a call's input makes it (approve or reject). */
  action: AuditAction | ((body: B) => AuditAction);
  target?: (done: AuditDone<B, R>) => AuditEvent['target'];
  detail?: (done: AuditDone<B, R>) => string | null;
  /** Public calls (sign-in) say who from the input; otherwise it is the signed-in user. */
  actor?: (body: B) => AuditActor;
  /** Recorded instead when the handler refuses the call (a failed sign-in), with the refusal as the detail. */
  refused?: AuditAction;
  /**
   * Looks the target up before the handler runs, as the caller sees it: a deletion answers nothing, and
   * afterwards its name is gone. A refusal here (40401) is the call's answer.
   */
  before?: (call: { user: U; body: B }) => Promise<AuditEvent['target']>;
}

/**
 * Runs a handler and records what it did. The entry is written after the handler's own commit and
 * awaited; a failure to write it is logged, not answered: the action itself has taken effect.
 */
export async function runAudited<B, R, U extends AuthUser | null>(
  app: FastifyInstance,
  audit: RouteAudit<B, R, U> | undefined,
  request: FastifyRequest,
  user: U,
  body: B,
  run: () => Promise<R>,
): Promise<R> {
  if (!audit) return run();
  const actor = audit.actor?.(body) ?? { id: user?.id ?? null, name: user?.user_name ?? '' };
  const write = async (event: Omit<AuditEvent, 'actor' | 'address'>) => {
    try {
      await app.auditRecorder?.record({ ...event, actor, address: request.ip });
    } catch (error) {
      request.log.error({ err: error, action: event.action }, 'audit entry not written');
    }
  };
  const looked = await audit.before?.({ user, body });
  let result: R;
  try {
    result = await run();
  } catch (error) {
    if (audit.refused && error instanceof AppError) {
      await write({ action: audit.refused, target: looked ?? audit.target?.({ body, result: undefined }), detail: error.message });
    }
    throw error;
  }
  const done = { body, result };
  const action = typeof audit.action === 'function' ? audit.action(body) : audit.action;
  await write({ action, target: looked ?? audit.target?.(done), detail: audit.detail?.(done) ?? null });
  return result;
}

interface Named {
  id: string;
  name: string;
}

/** A thing as an audit target. */
export const thingTarget = (kind: string, thing: Named) => ({ kind, id: thing.id, name: thing.name });

/** The target as the call answered it (`{id, name}`: a publish answers the thing). */
export const answeredTarget =
  (kind: string) =>
  ({ result }: { result?: Named | undefined }) =>
    result && thingTarget(kind, result);
