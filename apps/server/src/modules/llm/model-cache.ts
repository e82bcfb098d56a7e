import type { Bus } from '../../platform/bus/index.js';
import { createSharedCache, type SharedCache } from '../../platform/cache/index.js';
import type { CallableModelRow } from './llm.repo.js';

/** Models by name (case-insensitive); any change to a model empties it in every process at once. */
export const createModelCache = ({ bus, ttlMs }: { bus: Bus; ttlMs: number }) =>
  createSharedCache<CallableModelRow | undefined>({ bus, channel: 'aip_llm_models_changed', ttlMs, normalize: (name) => name.toLowerCase() });

export type ModelCache = SharedCache<CallableModelRow | undefined>;
