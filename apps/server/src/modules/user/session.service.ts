import type { Config } from '../../config.js';
import type { Bus } from '../../platform/bus/index.js';
import type { Db } from '../../platform/db/index.js';
import { AppError, type Authenticated, type Authenticator, type AuthUser, type Logger } from '../../core/index.js';
import { newToken, sha256 } from '../../platform/security/index.js';
import { SessionCache } from './session-cache.js';
import { deleteOtherSessions, deleteSessions, deleteSessionsOfUser, extendSession, findLiveSession, insertSession, type SessionWithUser } from './session.repo.js';
import { toUserInfo } from './user.mapper.js';

/** How long a replaced token keeps working, so calls already in flight with it still succeed. */
const ROTATION_GRACE_MS = 60_000;
/** Sliding expiry is written at most this often per session, not on every call. */
const SLIDE_STEP_MS = 60_000;
/** Tells every server process that a user's sessions or details changed. */
const EVICT_CHANNEL = 'aip_session_evict';

export type SessionService = ReturnType<typeof createSessionService>;

/** The sessions a signed-in call holds: the one its token names, and its successor if the call rotated it. */
const sessionIdsOf = (user: AuthUser) => (user.successorSessionId ? [user.sessionId, user.successorSessionId] : [user.sessionId]);

export function createSessionService({ db, config, bus, log }: { db: Db; config: Config; bus: Bus; log: Logger }) {
  const ttlMs = config.SESSION_TTL_HOURS * 3_600_000;
  const rotateAfterMs = config.SESSION_ROTATE_HOURS * 3_600_000;
  const cache = new SessionCache(config.SESSION_CACHE_SECONDS * 1000);
  /** Lookups on their way: concurrent calls with one token after its entry expired make one query. */
  const loading = new Map<string, Promise<SessionWithUser | undefined>>();
  const lookUp = (tokenHash: string) => {
    let lookup = loading.get(tokenHash);
    if (!lookup) {
      lookup = findLiveSession(db, tokenHash).finally(() => loading.delete(tokenHash));
      loading.set(tokenHash, lookup);
    }
    return lookup;
  };
  bus.subscribe(EVICT_CHANNEL, (userId) => cache.forgetUser(userId));
  const refreshing = new Set<string>();
  /** A session in steady use is reloaded before it expires, so its calls never wait for the lookup. */
  const refreshAhead = (tokenHash: string) => {
    if (refreshing.has(tokenHash)) return;
    refreshing.add(tokenHash);
    const generation = cache.generation;
    lookUp(tokenHash)
      .then((fresh) => {
        if (cache.generation !== generation) return;
        if (fresh) cache.set(tokenHash, fresh);
        else cache.forget(tokenHash);
      })
      .catch((error: Error) => log.warn({ err: error }, 'session refresh failed'))
      .finally(() => refreshing.delete(tokenHash));
  };

  async function createSession(userId: string, tx: Db = db): Promise<{ id: string; token: string }> {
    const token = newToken();
    const id = await insertSession(tx, userId, sha256(token), new Date(Date.now() + ttlMs));
    return { id, token };
  }
  const openSession = async (userId: string, tx: Db = db): Promise<string> => (await createSession(userId, tx)).token;

  /** Call after the change has committed: this process forgets at once, the others on notification. */
  async function userChanged(userId: string): Promise<void> {
    cache.forgetUser(userId);
    await bus.publish(EVICT_CHANNEL, userId).catch((error: Error) => log.error({ err: error }, 'session eviction not broadcast'));
  }

  /** Slides the expiry forward, or replaces an old token: answers the replacing session when this call created one. */
  async function keepAlive(session: SessionWithUser): Promise<{ id: string; token: string } | undefined> {
    const now = Date.now();
    const remainingMs = session.expiresAt.getTime() - now;
    let successor: { id: string; token: string } | undefined;
    if (now - session.sessionCreatedAt.getTime() > rotateAfterMs) {
      if (remainingMs <= ROTATION_GRACE_MS) return; // already replaced; it is in its grace period
      session.expiresAt = new Date(now + ROTATION_GRACE_MS); // first, so concurrent calls do not rotate too
      successor = await createSession(session.id);
    } else if (ttlMs - remainingMs > SLIDE_STEP_MS) {
      session.expiresAt = new Date(now + ttlMs);
    } else {
      return;
    }
    await extendSession(db, session.sessionId, session.expiresAt);
    return successor;
  }

  const authenticator: Authenticator = {
    async authenticate(token: string | undefined): Promise<Authenticated> {
      if (token === undefined || token.length === 0) throw new AppError('UNAUTHENTICATED', '请先登录');
      if (token.length > 256) throw new AppError('UNAUTHENTICATED', '登录已失效，请重新登录');
      const tokenHash = sha256(token);
      let session = cache.get(tokenHash);
      if (session && cache.isAging(tokenHash)) refreshAhead(tokenHash);
      if (!session || session.expiresAt.getTime() <= Date.now()) {
        session = await lookUp(tokenHash);
        if (session) cache.set(tokenHash, session);
      }
      if (!session || session.status !== 'active') throw new AppError('UNAUTHENTICATED', '登录已失效，请重新登录');
      const successor = await keepAlive(session);
      const user: AuthUser = { ...toUserInfo(session), sessionId: session.sessionId, ...(successor ? { successorSessionId: successor.id } : {}) };
      return successor ? { user, rotatedToken: successor.token } : { user };
    },
  };

  return {
    openSession,
    authenticator,
    userChanged,
    /** Signs this client out: its session, and the one it was rotated into during this call. */
    async closeSession(user: AuthUser) {
      await deleteSessions(db, user.id, sessionIdsOf(user));
      await userChanged(user.id);
    },
    closeAllSessions: (userId: string, tx: Db = db) => deleteSessionsOfUser(tx, userId),
    /** Signs out every other client; this one keeps its session and, if just rotated, the new one. */
    closeOtherSessions: (user: AuthUser, tx: Db = db) => deleteOtherSessions(tx, user.id, sessionIdsOf(user)),
  };
}
