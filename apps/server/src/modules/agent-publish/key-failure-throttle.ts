import { tooManyFailures } from './agent-publish.errors.js';

export interface FailureThrottleOptions {
  maxFailures: number;
  windowMs: number;
}

/**
 * Blocks a client address after repeated bad keys, before the database is asked again. Keys are
 * 240 random bits, so this guards the database more than the keys; it is per process by design.
 */
export function createFailureThrottle({ maxFailures, windowMs }: FailureThrottleOptions) {
  const failures = new Map<string, { count: number; resetAt: number }>();

  const current = (ip: string, now: number) => {
    const entry = failures.get(ip);
    return entry && entry.resetAt > now ? entry : undefined;
  };

  return {
    assertAllowed(ip: string): void {
      const entry = current(ip, Date.now());
      if (entry && entry.count >= maxFailures) throw tooManyFailures(Math.max(1, Math.ceil((entry.resetAt - Date.now()) / 60_000)));
    },
    recordFailure(ip: string): void {
      const now = Date.now();
      const entry = current(ip, now) ?? { count: 0, resetAt: now + windowMs };
      entry.count += 1;
      failures.set(ip, entry);
      if (failures.size > 10_000) for (const [key, value] of failures) if (value.resetAt <= now) failures.delete(key);
    },
  };
}
