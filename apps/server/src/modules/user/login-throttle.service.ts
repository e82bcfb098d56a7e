import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../core/index.js';
import { addFailure, clearFailures, findLockedUntil } from './login-throttle.repo.js';

const FREE_FAILURES = 3;
const MAX_DELAY_MS = 3_000;

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** Slows down, then blocks, repeated failed sign-ins per user name and per client address. */
export function createLoginThrottle({ db, config }: { db: Db; config: Config }) {
  const keysOf = (userName: string, ip: string) => ({ user: `user:${userName.toLowerCase()}`, ip: `ip:${ip}` });

  return {
    async assertAllowed(userName: string, ip: string): Promise<void> {
      const keys = keysOf(userName, ip);
      const lockedUntil = await findLockedUntil(db, [keys.user, keys.ip]);
      if (!lockedUntil) return;
      const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000));
      throw new AppError('TOO_MANY_REQUESTS', `登录失败次数过多，请 ${minutes} 分钟后再试`);
    },

    /** Records a failure and waits a little longer each time past the first few. */
    async recordFailure(userName: string, ip: string): Promise<void> {
      const keys = keysOf(userName, ip);
      const window = config.LOGIN_LOCK_MINUTES;
      const userFailures = await addFailure(db, keys.user, config.LOGIN_MAX_FAILURES_PER_USER, window);
      const ipFailures = await addFailure(db, keys.ip, config.LOGIN_MAX_FAILURES_PER_IP, window);
      const excess = Math.max(userFailures, ipFailures) - FREE_FAILURES;
      if (excess > 0) await sleep(Math.min(excess * config.LOGIN_SLOWDOWN_MS, MAX_DELAY_MS));
    },

    async recordSuccess(userName: string): Promise<void> {
      await clearFailures(db, [keysOf(userName, '').user]);
    },
  };
}
