import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/index.js';
import { AppError, ROTATED_TOKEN_HEADER, TOKEN_HEADER, type AuthUser, type Authenticator } from '../../platform/http/index.js';
import { newToken, sha256 } from '../../platform/security/index.js';
import { deleteOtherSessions, deleteSession, deleteSessionsOfUser, extendSession, findLiveSession, insertSession } from './session.repo.js';
import { toUserInfo } from './user.mapper.js';

/** How long a replaced token keeps working, so calls already in flight with it still succeed. */
const ROTATION_GRACE_MS = 60_000;
/** Sliding expiry is written at most this often per session, not on every call. */
const SLIDE_STEP_MS = 60_000;

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService({ db, config }: { db: Db; config: Config }) {
  const ttlMs = config.SESSION_TTL_HOURS * 3_600_000;
  const rotateAfterMs = config.SESSION_ROTATE_HOURS * 3_600_000;

  async function openSession(userId: string, tx: Db = db): Promise<string> {
    const token = newToken();
    await insertSession(tx, userId, sha256(token), new Date(Date.now() + ttlMs));
    return token;
  }

  const authenticator: Authenticator = {
    async authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser> {
      const token = request.headers[TOKEN_HEADER];
      if (typeof token !== 'string' || token.length === 0) throw new AppError('UNAUTHENTICATED', '请先登录');
      if (token.length > 256) throw new AppError('UNAUTHENTICATED', '登录已失效，请重新登录');
      const found = await findLiveSession(db, sha256(token));
      if (!found || found.status !== 'active') throw new AppError('UNAUTHENTICATED', '登录已失效，请重新登录');

      const now = Date.now();
      const remainingMs = found.expiresAt.getTime() - now;
      if (now - found.sessionCreatedAt.getTime() > rotateAfterMs) {
        if (remainingMs > ROTATION_GRACE_MS) {
          reply.header(ROTATED_TOKEN_HEADER, await openSession(found.id));
          await extendSession(db, found.sessionId, new Date(now + ROTATION_GRACE_MS));
        }
      } else if (ttlMs - remainingMs > SLIDE_STEP_MS) {
        await extendSession(db, found.sessionId, new Date(now + ttlMs));
      }
      return { ...toUserInfo(found), sessionId: found.sessionId };
    },
  };

  return {
    openSession,
    authenticator,
    closeSession: (sessionId: string) => deleteSession(db, sessionId),
    closeAllSessions: (userId: string, tx: Db = db) => deleteSessionsOfUser(tx, userId),
    closeOtherSessions: (userId: string, keepSessionId: string, tx: Db = db) => deleteOtherSessions(tx, userId, keepSessionId),
  };
}
