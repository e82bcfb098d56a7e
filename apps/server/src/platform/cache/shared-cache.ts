import type { Bus } from '../bus/index.js';

/** What a bus message on the cache's channel means: evict that key, or everything when empty. */
const ALL = '';

/**
 * Values by key, remembered for a few seconds per process, so a chat's lookups (its model, its agent)
 * do not wait in the database's queue behind everyone else's writes. A change evicts the key in every
 * process at once (over the bus); the short lifetime bounds what the bus cannot see, such as an owner's
 * role changing. Lookups on their way are shared: fifty chats arriving together make one query. An
 * entry used in the second half of its life is reloaded in the background, so a key in steady use is
 * never looked up in front of a caller.
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
  /** A lookup evicted while on its way is not stored: it may have read what the change replaced. */
  const reload = (key: string, load: () => Promise<T>): Promise<T> => {
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
  };
  return {
    async find(rawKey: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const key = normalize(rawKey);
      const cached = entries.get(key);
      const now = Date.now();
      if (cached && cached.expires > now) {
        if (cached.expires - now < ttlMs / 2 && !loading.has(key)) reload(key, load).catch(() => undefined);
        return cached.value;
      }
      return loading.get(key) ?? reload(key, load);
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
