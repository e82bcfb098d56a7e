import type { Bus } from '../../platform/bus/index.js';
import type { CallableModelRow } from './llm.repo.js';

const CHANGED_CHANNEL = 'aip_llm_models_changed';

/**
 * Models by name, remembered for a few seconds so a chat's first token does not wait in the database's
 * queue behind everyone else's writes. Any change to a model empties the cache in every process at once
 * (over the bus); the short lifetime bounds what the bus cannot see, such as an owner's role changing.
 */
export function createModelCache({ bus, ttlMs }: { bus: Bus; ttlMs: number }) {
  const entries = new Map<string, { row: CallableModelRow | undefined; expires: number }>();
  /** Lookups on their way: fifty chats arriving together after the entry expired make one query. */
  const loading = new Map<string, Promise<CallableModelRow | undefined>>();
  bus.subscribe(CHANGED_CHANNEL, () => {
    entries.clear();
    loading.clear();
  });
  return {
    async find(llmName: string, load: () => Promise<CallableModelRow | undefined>): Promise<CallableModelRow | undefined> {
      if (ttlMs <= 0) return load();
      const key = llmName.toLowerCase();
      const cached = entries.get(key);
      if (cached && cached.expires > Date.now()) return cached.row;
      const pending = loading.get(key);
      if (pending) return pending;
      const lookup = load().then((row) => {
        if (loading.get(key) === lookup) entries.set(key, { row, expires: Date.now() + ttlMs });
        return row;
      });
      loading.set(key, lookup);
      void lookup.finally(() => {
        if (loading.get(key) === lookup) loading.delete(key);
      }).catch(() => undefined);
      return lookup;
    },
    /** A model was created, changed or deleted. */
    async changed(): Promise<void> {
      entries.clear();
      await bus.publish(CHANGED_CHANNEL, '');
    },
  };
}

export type ModelCache = ReturnType<typeof createModelCache>;
