import type { AgentInfo, CreateAgentBody } from '@agent-platform/contracts';
import type { Bus } from '../../platform/bus/index.js';
import { createSharedCache } from '../../platform/cache/index.js';
import { thingList, type Db } from '../../platform/db/index.js';
import { edgesOf, type ModuleReferences, type ReferenceRegistry, type Viewer } from '../../core/index.js';
import type { LlmService } from '../llm/index.js';
import { tagColumnReferences, type TagService } from '../tag/index.js';
import { checkReferences, type AgentReferenceLookups } from './agent-references.js';
import { createAgentRoleService } from './agent-role.service.js';
import { agentsUsing, agentsUsingModels, countAgentsByOwner, type AgentEdgeRow, type AgentListRow } from './agent.repo.js';
import { agents } from './agent.tables.js';
import { createAgentService, type OthersSetupsUsing } from './agent.service.js';

export { agentRoutes } from './agent.routes.js';
export { hitlSchema, retrievalSchema, serviceRefsSchema } from './agent-stored.js';
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
  tags: TagService;
  /** Who uses an agent: such an agent may not be deleted. */
  references?: Pick<ReferenceRegistry<Db>, 'usersOf'>;
  /** Other users' multi-agent setups using an agent: withholding it warns of them. */
  othersSetupsUsing?: OthersSetupsUsing;
}

/** What the agent engine and publishing ask of agents. */
export interface AgentRegistry {
  /** The agent if the viewer may use it: their own, or published (administrators all); 40401 `智能体不存在` otherwise. */
  getUsableAgent(viewer: Viewer, id: string): Promise<AgentInfo>;
  /** The builder's preview chats with a draft: what it adds to the saved agent must be the viewer's to use (40401 / 40301 / 40001 otherwise). */
  checkDraft(viewer: Viewer, agent: AgentInfo, draft: Partial<CreateAgentBody>): Promise<void>;
}

/** Agents: the table, the `/agent/*` calls other than chat, and the registry the engine reads agents from. */
export function createAgentModule({ db, bus, cacheSeconds, llm, tags, references, othersSetupsUsing, resolveTools, getKb, getService }: AgentModuleDeps) {
  const lookups: AgentReferenceLookups = { llm, resolveTools, getKb, getService };
  const chatCache = createSharedCache<AgentListRow | undefined>({ bus, channel: 'aip_agents_changed', ttlMs: cacheSeconds * 1000 });
  const agents = createAgentService({ db, lookups, tags, chatCache, references, othersSetupsUsing });
  const registry: AgentRegistry = {
    getUsableAgent: agents.usableAgent,
    checkDraft: (viewer, agent, draft) => checkReferences(lookups, viewer, draft, agent),
  };
  return { agents, roles: createAgentRoleService({ llm, lookups }), registry };
}

const asEdges = (rows: AgentEdgeRow[]) => edgesOf('agent', rows);

/**
 * What agents refer to: the model they chat with and the knowledge bases they search (neither may be
 * deleted while an agent uses it), their tools and services (not deleted while their owner's agents
 * use them); every agent for the topology; how many
 * each user owns; their tags.
 */
export const agentReferences = (db: Db): ModuleReferences<Db> => ({
  references: [
    { from: 'agent', label: '智能体', to: 'model', blocksDelete: true, find: async (names) => asEdges(await agentsUsingModels(db, names)) },
    { from: 'agent', label: '智能体', to: 'knowledge_base', blocksDelete: true, find: async (ids) => asEdges(await agentsUsing(db, 'kb', ids)) },
    // A tool or service in use by its owner's agents may not be deleted; other users' agents lose it and say so when they run.
    { from: 'agent', label: '智能体', to: 'tool', blocksDelete: true, othersLoseIt: true, find: async (ids) => asEdges(await agentsUsing(db, 'tool', ids)) },
    { from: 'agent', label: '智能体', to: 'service', blocksDelete: true, othersLoseIt: true, find: async (ids) => asEdges(await agentsUsing(db, 'service', ids)) },
  ],
  things: [thingList(db, 'agent', agents, { id: agents.id, name: agents.name, ownerId: agents.ownerId, isPublic: agents.isPublic, tags: agents.tags })],
  owned: [{ key: 'agents', countByOwner: (userIds) => countAgentsByOwner(db, userIds) }],
  tagged: [tagColumnReferences('agent', agents, agents.tags)],
});
