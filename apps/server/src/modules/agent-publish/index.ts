import type { Logger } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import { createApiKeyService, type AgentLookup, type SetupLookup } from './api-key.service.js';
import { createFailureThrottle } from './key-failure-throttle.js';
import { createKeyGate } from './key-gate.js';
import { createOpenAiChat, type HeadlessRunner } from './openai-chat.service.js';

export { agentPublishRoutes } from './agent-publish.routes.js';
export type { KeyGate } from './key-gate.js';
export type { KeyHolder } from './api-key.service.js';
export type { HeadlessRunner } from './openai-chat.service.js';

export interface AgentPublishDeps {
  db: Db;
  agents: AgentLookup;
  setups: SetupLookup;
  /** The agent-chat module's headless runs. */
  runner: HeadlessRunner;
  /** The multi-agent chat module's headless runs. */
  setupRunner: HeadlessRunner;
  log: Logger;
  /** Bad keys an address may try per window before it is refused (default 20 per 10 minutes). */
  keyFailures?: { maxFailures: number; windowMs: number };
}

/** API keys, the door they open (`gate`, also MCP serving's) and the OpenAI-compatible chat behind it. */
export function createAgentPublishModule({ db, agents, setups, runner, setupRunner, log, keyFailures = { maxFailures: 20, windowMs: 10 * 60_000 } }: AgentPublishDeps) {
  const keys = createApiKeyService({ db, agents, setups });
  const gate = createKeyGate(keys, createFailureThrottle(keyFailures));
  return { keys, gate, openAiChat: createOpenAiChat({ gate, runners: { agent: runner, setup: setupRunner }, log }) };
}
