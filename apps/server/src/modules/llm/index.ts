import type { Config } from '../../config.js';
import type { Logger, ModuleReferences, ReferenceRegistry } from '../../core/index.js';
import type { Bus } from '../../platform/bus/index.js';
import { sql } from 'drizzle-orm';
import { thingList, type Db } from '../../platform/db/index.js';
import { createLlmGateway } from '../../platform/llm/index.js';
import type { Outbound } from '../../platform/net/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import type { UsageService } from '../usage/index.js';
import { createConnectionTester } from './llm-connection.service.js';
import { modelProbeTargets } from './llm-health.js';
import { createModelRegistry } from './llm-models.service.js';
import { countModelsByOwner } from './llm.repo.js';
import { llmModels } from './llm.tables.js';
import { createLlmService } from './llm.service.js';
import { createModelCache } from './model-cache.js';
import { createSuggestionService } from './suggest-questions.service.js';

export { llmRoutes } from './llm.routes.js';
export type { ModelRegistry } from './llm-models.service.js';
export type { LlmCallOptions, LlmService, ModelRef, ModelUse, ResolvedModel } from './llm.service.js';

export interface LlmModuleDeps {
  db: Db;
  bus: Bus;
  config: Config;
  log: Logger;
  usage: UsageService;
  secrets: SecretBox;
  outbound: Outbound;
  /** Things that use models by name (agents, knowledge bases): a model they use is not deleted or renamed. */
  references: ReferenceRegistry<Db>;
}

/**
 * Models refer to nothing; the topology shows each by its display name, keyed (as what uses it says)
 * by its lower-case name; the usage statistics count how many each user owns.
 */
export const llmReferences = (db: Db): ModuleReferences<Db> => ({
  things: [
    thingList(db, 'model', llmModels, {
      id: llmModels.id,
      key: sql`lower(${llmModels.llmName})`,
      name: sql`coalesce(nullif(${llmModels.displayName}, ''), ${llmModels.llmName})`,
      ownerId: llmModels.ownerId,
      isPublic: llmModels.isPublic,
    }),
  ],
  owned: [{ key: 'models', countByOwner: (userIds) => countModelsByOwner(db, userIds) }],
});

/** The model registry and the calls to its models, every call recorded in the usage table. */
export function createLlmModule({ db, bus, config, log, usage, secrets, outbound, references }: LlmModuleDeps) {
  const gateway = createLlmGateway({
    outbound,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxAttempts: config.LLM_MAX_ATTEMPTS,
    retryBaseMs: config.LLM_RETRY_BASE_MS,
    embedBatchSize: config.LLM_EMBED_BATCH_SIZE,
    recordCall: (record) => usage.recordCall(record),
    onRecordError: (error) => log.error({ err: error }, 'could not record model usage'),
  });
  const cache = createModelCache({ bus, ttlMs: config.LLM_MODEL_CACHE_SECONDS * 1000 });
  const registry = createModelRegistry({ db, secrets, references, cache });
  const service = createLlmService({ db, secrets, gateway, cache });
  return {
    registry,
    /** For other modules: resolve a model for a user and call it. */
    service,
    connection: createConnectionTester({ db, secrets, gateway, timeoutMs: config.LLM_TIMEOUT_MS }),
    suggestions: createSuggestionService({ llm: service }),
    /** The enabled models, for the health page to probe. */
    health: modelProbeTargets({ db, secrets, outbound }),
  };
}
