import type { Bus } from '../bus/index.js';

/** What a bus message on the cache's channel means: evict that key, or everything when empty. */
const ALL = '';

/**
 * Values by key, remembered for a few seconds per process, so a chat's lookups (its model, its agent)
 * do not wait in the database's queue behind everyone else's writes. A change evicts the key in every
 * process at once (over the bus); the short lifetime bounds what the bus cannot see, such as an owner's
 * role changing. Lookups on their way are shared: fifty chats arriving together make one query.
 */
export function createSharedCache<T>({ bus, channel, ttlMs, normalize = (key) => key }: { bus: Bus; channel: string; ttlMs: number; normalize?: (key: string) => string }) {
  const entries = new Map<string, { value: T; expires: number }>();
  const loading = new Map<string, Promise<T>>();
  const evictHere = (key: string) => {
    if (key === ALL) {
      entries.clear();
      loading.clear();
    } else {
      entries.delete(key);
      loading.delete(key);
    }
  };
  bus.subscribe(channel, evictHere);
  return {
    async find(rawKey: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const key = normalize(rawKey);
      const cached = entries.get(key);
      if (cached && cached.expires > Date.now()) return cached.value;
      const pending = loading.get(key);
      if (pending) return pending;
      const lookup = load().then((value) => {
        if (loading.get(key) === lookup) entries.set(key, { value, expires: Date.now() + ttlMs });
        return value;
      });
      loading.set(key, lookup);
      void lookup
        .finally(() => {
          if (loading.get(key) === lookup) loading.delete(key);
        })
        .catch(() => undefined);
      return lookup;
    },
    /** The value of `key` changed (or was deleted), here or in another process. */
    async evict(rawKey: string): Promise<void> {
      const key = normalize(rawKey);
      evictHere(key);
      await bus.publish(channel, key);
    },
    /** Anything may have changed. */
    async changed(): Promise<void> {
      evictHere(ALL);
      await bus.publish(channel, ALL);
    },
  };
}

export type SharedCache<T> = ReturnType<typeof createSharedCache<T>>;
