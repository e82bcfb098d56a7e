import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Bus } from '../../platform/bus/index.js';
import type { Db } from '../../platform/db/index.js';
import { AppError, ROTATED_TOKEN_HEADER, TOKEN_HEADER, type AuthUser, type Authenticator } from '../../platform/http/index.js';
import { newToken, sha256 } from '../../platform/security/index.js';
import { SessionCache } from './session-cache.js';
import {
  deleteOtherSessions,
  deleteSession,
  deleteSessionsOfUser,
  extendSession,
  findLiveSession,
  insertSession,
  type SessionWithUser,
} from './session.repo.js';
import { toUserInfo } from './user.mapper.js';

/** How long a replaced token keeps working, so calls already in flight with it still succeed. */
const ROTATION_GRACE_MS = 60_000;
/** Sliding expiry is written at most this often per session, not on every call. */
const SLIDE_STEP_MS = 60_000;
/** Tells every server process that a user's sessions or details changed. */
const EVICT_CHANNEL = 'aip_session_evict';

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService({ db, config, bus, log }: { db: Db; config: Config; bus: Bus; log: FastifyBaseLogger }) {
  const ttlMs = config.SESSION_TTL_HOURS * 3_600_000;
  const rotateAfterMs = config.SESSION_ROTATE_HOURS * 3_600_000;
  const cache = new SessionCache(config.SESSION_CACHE_SECONDS * 1000);
  bus.subscribe(EVICT_CHANNEL, (userId) => cache.forgetUser(userId));

  async function openSession(userId: string, tx: Db = db): Promise<string> {
    const token = newToken();
    await insertSession(tx, userId, sha256(token), new Date(Date.now() + ttlMs));
    return token;
  }

  /** Call after the change has committed: this process forgets at once, the others on notification. */
  async function userChanged(userId: string): Promise<void> {
    cache.forgetUser(userId);
    await bus.publish(EVICT_CHANNEL, userId).catch((error: Error) => log.error({ err: error }, 'session eviction not broadcast'));
  }

  /** Slides the expiry forward, or replaces an old token (the new one goes back in a header). */
  async function keepAlive(session: SessionWithUser, reply: FastifyReply): Promise<void> {
    const now = Date.now();
    const remainingMs = session.expiresAt.getTime() - now;
    if (now - session.sessionCreatedAt.getTime() > rotateAfterMs) {
      if (remainingMs <= ROTATION_GRACE_MS) return; // already replaced; it is in its grace period
      session.expiresAt = new Date(now + ROTATION_GRACE_MS); // first, so concurrent calls do not rotate too
      reply.header(ROTATED_TOKEN_HEADER, await openSession(session.id));
    } else if (ttlMs - remainingMs > SLIDE_STEP_MS) {
      session.expiresAt = new Date(now + ttlMs);
    } else {
      return;
    }
    await extendSession(db, session.sessionId, session.expiresAt);
  }

  const authenticator: Authenticator = {
    async authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser> {
      const token = request.headers[TOKEN_HEADER];
      if (typeof token !== 'string' || token.length === 0) throw new AppError('UNAUTHENTICATED', '请先登录');
      if (token.length > 256) throw new AppError('UNAUTHENTICATED', '登录已失效，请重新登录');
      const tokenHash = sha256(token);
      let session = cache.get(tokenHash);
      if (!session || session.expiresAt.getTime() <= Date.now()) {
        session = await findLiveSession(db, tokenHash);
        if (session) cache.set(tokenHash, session);
      }
      if (!session || session.status !== 'active') throw new AppError('UNAUTHENTICATED', '登录已失效，请重新登录');
      await keepAlive(session, reply);
      return { ...toUserInfo(session), sessionId: session.sessionId };
    },
  };

  return {
    openSession,
    authenticator,
    userChanged,
    async closeSession(userId: string, sessionId: string) {
      await deleteSession(db, sessionId);
      await userChanged(userId);
    },
    closeAllSessions: (userId: string, tx: Db = db) => deleteSessionsOfUser(tx, userId),
    closeOtherSessions: (userId: string, keepSessionId: string, tx: Db = db) => deleteOtherSessions(tx, userId, keepSessionId),
  };
}
