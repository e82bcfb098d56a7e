import type { Logger } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import { createApiKeyService, type AgentLookup } from './api-key.service.js';
import { createFailureThrottle } from './key-failure-throttle.js';
import { createOpenAiChat, type HeadlessAgentRunner } from './openai-chat.service.js';

export { agentPublishRoutes } from './agent-publish.routes.js';
export type { AgentLookup } from './api-key.service.js';
export type { HeadlessAgentRunner } from './openai-chat.service.js';
export type { HeadlessTurn } from './openai-format.js';

export interface AgentPublishDeps {
  db: Db;
  agents: AgentLookup;
  /** The agent-chat module's headless runs. */
  runner: HeadlessAgentRunner;
  log: Logger;
  /** Bad keys an address may try per window before it is refused (default 20 per 10 minutes). */
  keyFailures?: { maxFailures: number; windowMs: number };
}

export function createAgentPublishModule({ db, agents, runner, log, keyFailures = { maxFailures: 20, windowMs: 10 * 60_000 } }: AgentPublishDeps) {
  const keys = createApiKeyService({ db, agents });
  return { keys, openAiChat: createOpenAiChat({ keys, throttle: createFailureThrottle(keyFailures), runner, log }) };
}
