import type { AgentInfo, CreateAgentBody } from '@agent-platform/contracts';
import type { Bus } from '../../platform/bus/index.js';
import { createSharedCache } from '../../platform/cache/index.js';
import type { Db } from '../../platform/db/index.js';
import type { Viewer } from '../../platform/http/index.js';
import type { KbUsageCheck } from '../knowledge/index.js';
import type { LlmService, ModelUsageCheck } from '../llm/index.js';
import { tagColumnReferences, type TagReferences, type TagService } from '../tag/index.js';
import type { OwnedThingsCounter } from '../user/index.js';
import { checkReferences, type AgentReferenceLookups } from './agent-references.js';
import { createAgentRoleService } from './agent-role.service.js';
import { agentNamesUsingKb, agentNamesUsingModel, countAgentsByOwner, type AgentListRow } from './agent.repo.js';
import { agents } from './agent.tables.js';
import { createAgentService } from './agent.service.js';

export { agentRoutes } from './agent.routes.js';
export { ROLE_DESC_MARKER, ROLE_PROMPT_MARKER } from './agent-role.service.js';
export type { AgentReferenceLookups, NamedThing } from './agent-references.js';
export type { AgentService } from './agent.service.js';

export interface AgentModuleDeps extends Omit<AgentReferenceLookups, 'llm'> {
  db: Db;
  bus: Bus;
  /** How long a chat may use an agent read earlier (0: never); changes evict it at once. */
  cacheSeconds: number;
  llm: LlmService;
  /** For the tag filter: a first-level tag finds its children's agents too. */
  tags?: TagService;
}

/** What the agent engine and publishing ask of agents. */
export interface AgentRegistry {
  /** The agent if the viewer may use it: their own, or published (administrators all); 40401 `智能体不存在` otherwise. */
  getUsableAgent(viewer: Viewer, id: string): Promise<AgentInfo>;
  /** The builder's preview chats with a draft: what it adds to the saved agent must be the viewer's to use (40401 / 40301 / 40001 otherwise). */
  checkDraft(viewer: Viewer, agent: AgentInfo, draft: Partial<CreateAgentBody>): Promise<void>;
}

/** Agents: the table, the `/agent/*` calls other than chat, and the registry the engine reads agents from. */
export function createAgentModule({ db, bus, cacheSeconds, llm, tags, resolveTools, getKb, getService }: AgentModuleDeps) {
  const lookups: AgentReferenceLookups = { llm, resolveTools, getKb, getService };
  const chatCache = createSharedCache<AgentListRow | undefined>({ bus, channel: 'aip_agents_changed', ttlMs: cacheSeconds * 1000 });
  const agents = createAgentService({ db, lookups, tags, chatCache });
  const registry: AgentRegistry = {
    getUsableAgent: agents.usableAgent,
    checkDraft: (viewer, agent, draft) => checkReferences(lookups, viewer, draft, agent),
  };
  return { agents, roles: createAgentRoleService({ llm, lookups }), registry };
}

/** For the model registry: a model an agent chats with is neither deleted nor renamed. */
export const agentModelUsageCheck = (db: Db): ModelUsageCheck => ({ kind: '智能体', namesUsing: (llmName) => agentNamesUsingModel(db, llmName) });

/** For the knowledge module: a knowledge base an agent searches is not deleted. */
export const agentKbUsageCheck =
  (db: Db): KbUsageCheck =>
  async (kbId) =>
    (await agentNamesUsingKb(db, kbId)).map((name) => `智能体「${name}」`);

/** For the usage statistics: how many agents each user owns. */
export const agentCounters = (db: Db): OwnedThingsCounter[] => [{ key: 'agents', countByOwner: (userIds) => countAgentsByOwner(db, userIds) }];

/** Agent tags follow the tag manager's renames and deletions. */
export const agentTagReferences: TagReferences = tagColumnReferences('agent', agents, agents.tags);
