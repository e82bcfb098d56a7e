import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../core/index.js';
import { clearFailures, clearFailuresWithPrefix, listNameLocks, releaseAttempt, reserveAttempt } from './login-throttle.repo.js';

const FREE_FAILURES = 3;
const MAX_DELAY_MS = 3_000;
const LOCK_TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** One sign-in attempt, counted before its password is checked; the caller reports how it went. */
export interface LoginAttempt {
  /** The password was wrong: the attempt stays counted, and the answer waits a little longer each time. */
  failed(): Promise<void>;
  /** The password was right: the name's counts are forgotten and the address gets its attempt back. */
  succeeded(): Promise<void>;
}

type Scope = 'account' | 'address';

/**
 * Stops guessing: every attempt is reserved in the database before the password is checked, per user
 * name, per (address, name) pair and per address alone (a much higher limit, so one office behind a
 * NAT is not locked out by one person), so no more than a limit's worth is ever checked in a window.
 */
export function createLoginThrottle({ db, config }: { db: Db; config: Config }) {
  const window = config.LOGIN_LOCK_MINUTES;
  const userKey = (userName: string) => `user:${userName.toLowerCase()}`;
  const pairPrefix = (userName: string) => `pair:${userName.toLowerCase()}|`;
  const keysOf = (userName: string, ip: string) => [
    { key: userKey(userName), max: config.LOGIN_MAX_FAILURES_PER_USER, scope: 'account' as Scope },
    { key: `${pairPrefix(userName)}${ip}`, max: config.LOGIN_MAX_FAILURES_PER_IP_AND_USER, scope: 'account' as Scope },
    { key: `ip:${ip}`, max: config.LOGIN_MAX_FAILURES_PER_IP, scope: 'address' as Scope },
  ];

  return {
    /** Counts the attempt, or refuses it (42901, saying until when) when any of its counts is used up. */
    async reserve(userName: string, ip: string): Promise<LoginAttempt> {
      const keys = keysOf(userName, ip);
      const counted = await Promise.all(keys.map(async (k) => ({ ...k, ...(await reserveAttempt(db, k.key, k.max, window)) })));
      const over = counted.filter((k) => k.failures > k.max).sort((a, b) => (b.lockedUntil?.getTime() ?? 0) - (a.lockedUntil?.getTime() ?? 0));
      if (over[0]) throw lockedError(over[0].scope, over[0].lockedUntil);
      const [user, pair, address] = counted as [(typeof counted)[number], (typeof counted)[number], (typeof counted)[number]];
      return {
        async failed() {
          const excess = Math.max(user.failures, pair.failures) - FREE_FAILURES;
          if (excess > 0) await sleep(Math.min(excess * config.LOGIN_SLOWDOWN_MS, MAX_DELAY_MS));
        },
        async succeeded() {
          await clearFailures(db, [user.key, pair.key]);
          await releaseAttempt(db, address.key, address.max);
        },
      };
    },

    /** Until when each of `userNames` is locked (by its own count or an address's count for it), if it is. */
    async lockedUntilByName(userNames: string[]): Promise<Map<string, Date>> {
      const wanted = new Set(userNames.map((name) => name.toLowerCase()));
      const locks = new Map<string, Date>();
      for (const { key, lockedUntil } of await listNameLocks(db)) {
        const name = key.startsWith('user:') ? key.slice('user:'.length) : key.slice('pair:'.length, key.lastIndexOf('|'));
        const known = locks.get(name);
        if (wanted.has(name) && (!known || known < lockedUntil)) locks.set(name, lockedUntil);
      }
      return locks;
    },

    /** An administrator's unlock: the name's own count and every (address, name) count for it. */
    async unlock(userName: string): Promise<void> {
      await clearFailuresWithPrefix(db, userKey(userName), pairPrefix(userName));
    },
  };
}

function lockedError(scope: Scope, lockedUntil: Date | null): AppError {
  const until = lockedUntil ?? new Date();
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  const when = `${LOCK_TIME.format(until)}（北京时间，约 ${minutes} 分钟后）`;
  return scope === 'account'
    ? new AppError('TOO_MANY_REQUESTS', `登录失败次数过多，账号已暂时锁定至 ${when}，请届时再试或联系管理员解锁`)
    : new AppError('TOO_MANY_REQUESTS', `当前网络地址登录失败次数过多，已暂时锁定至 ${when}，请届时再试`);
}
