import type { AgentInfo, AgentWithheldInfo, CreateAgentBody, ListAgentsBody, Page, UpdateAgentBody } from '@agent-platform/contracts';
import type { SharedCache } from '../../platform/cache/index.js';
import type { Db } from '../../platform/db/index.js';
import { badInput, canEdit, namedUsers, requireVisible, type ReferenceRegistry, type Viewer } from '../../core/index.js';
import type { TagService } from '../tag/index.js';
import { storedHitl, storedRetrieval } from './agent-stored.js';
import { checkReferences, type AgentReferenceLookups } from './agent-references.js';
import { agentNotEditable, agentNotFound, usedByOthersWarning, WHAT } from './agent.errors.js';
import { toAgentInfo } from './agent.mapper.js';
import * as repo from './agent.repo.js';

export interface AgentServiceDeps {
  db: Db;
  lookups: AgentReferenceLookups;
  tags: TagService;
  /** Agents by id for chats (`usableAgent`); every change here evicts the agent in every process. */
  chatCache: SharedCache<repo.AgentListRow | undefined>;
  /** Who uses an agent (multi-agent setups): such an agent may not be deleted. */
  references?: Pick<ReferenceRegistry<Db>, 'usersOf'>;
  /** Other users' multi-agent setups with this agent among their members: withholding it warns of them. */
  othersSetupsUsing?: OthersSetupsUsing;
}

/** Setups of users other than `ownerId` that use the agent: published ones by name, the others counted only (private things stay invisible). */
export type OthersSetupsUsing = (agentId: string, ownerId: string) => Promise<{ published: string[]; unlisted: number }>;

export type AgentService = ReturnType<typeof createAgentService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const unique = <T>(values: T[] | undefined) => values && [...new Set(values)];

/** The body's fields as columns; `undefined` leaves a column as it is. */
function columnsOf(body: Partial<CreateAgentBody>): repo.AgentChanges {
  return {
    name: body.name,
    avatar: body.avatar,
    description: body.description,
    systemPrompt: body.system_prompt,
    promptShared: body.prompt_shared,
    openingMessage: body.opening_message,
    suggestedQuestions: body.suggested_questions,
    llmName: body.llm_name,
    temperature: body.temperature,
    topP: body.top_p,
    maxTokens: body.max_tokens,
    toolIds: unique(body.tool_ids),
    services: body.services,
    kbIds: unique(body.kb_ids),
    retrieval: body.retrieval && storedRetrieval.write(body.retrieval),
    hitl: body.hitl && storedHitl.write(body.hitl),
    maxSteps: body.max_steps,
    historyTurns: body.history_turns,
  };
}

/** Agents themselves: create, change, publish, list, delete. Chats with them are in modules/agent-chat. */
export function createAgentService({ db, lookups, tags, chatCache, references, othersSetupsUsing }: AgentServiceDeps) {
  async function findRow(id: string): Promise<repo.AgentListRow | undefined> {
    return UUID.test(id) ? repo.findAgentListRow(db, id) : undefined;
  }

  /** The agent if the viewer may use it: own or published (administrators all); 40401 otherwise. */
  const visibleRow = async (viewer: Viewer, id: string) => requireVisible(viewer, await findRow(id), WHAT);

  async function editableRow(viewer: Viewer, id: string): Promise<repo.AgentListRow> {
    const row = await visibleRow(viewer, id);
    if (!canEdit(viewer, row)) throw agentNotEditable();
    return row;
  }

  async function show(viewer: Viewer, id: string): Promise<AgentInfo> {
    const row = await repo.findAgentListRow(db, id);
    if (!row) throw agentNotFound();
    return toAgentInfo(row, viewer);
  }

  async function list(viewer: Viewer, scope: repo.AgentFilter['scope'], { page, page_size, keyword, tag }: ListAgentsBody): Promise<Page<AgentInfo>> {
    const tagNames = await tags.namesForFilter('agent', tag);
    const { total, rows } = await repo.listAgents(db, { scope, keyword, tags: tagNames }, (page - 1) * page_size, page_size);
    return { total, list: rows.map((row) => toAgentInfo(row, viewer)) };
  }

  async function setPublic(viewer: Viewer, id: string, isPublic: boolean): Promise<AgentInfo> {
    await editableRow(viewer, id);
    await repo.updateAgent(db, id, { isPublic });
    await chatCache.evict(id);
    return show(viewer, id);
  }

  return {
    visibleRow,

    async create(viewer: Viewer, body: CreateAgentBody): Promise<AgentInfo> {
      await checkReferences(lookups, viewer, body);
      const columns = { ...(columnsOf(body) as repo.NewAgent), tags: await tags.checkedNames('agent', body.tags) };
      const row = await repo.insertAgent(db, { ...columns, ownerId: viewer.id, isPublic: false });
      return show(viewer, row.id);
    },

    async update(viewer: Viewer, { id, ...body }: UpdateAgentBody): Promise<AgentInfo> {
      const stored = await editableRow(viewer, id);
      await checkReferences(lookups, viewer, body, { llm_name: stored.llmName, tool_ids: stored.toolIds, kb_ids: stored.kbIds, services: stored.services });
      const columns = { ...columnsOf(body), tags: await tags.checkedNames('agent', body.tags, stored.tags) };
      if (!(await repo.updateAgent(db, id, columns))) throw agentNotFound();
      await chatCache.evict(id);
      return show(viewer, id);
    },

    getById: async (viewer: Viewer, id: string): Promise<AgentInfo> => toAgentInfo(await visibleRow(viewer, id), viewer),

    /** As `getById`, for a chat's turn: read through the cache, a change still counts at once. */
    usableAgent: async (viewer: Viewer, id: string): Promise<AgentInfo> =>
      toAgentInfo(requireVisible(viewer, await chatCache.find(id, () => findRow(id)), WHAT), viewer, { forRunning: true }),

    async remove(viewer: Viewer, id: string): Promise<void> {
      await editableRow(viewer, id);
      const users = references ? namedUsers(await references.usersOf('agent', [id])) : [];
      if (users.length > 0) throw badInput(`该智能体正被${users.join('、')}使用，请先从中移除`);
      if (!(await repo.deleteAgent(db, id))) throw agentNotFound();
      await chatCache.evict(id);
    },

    listMine: (viewer: Viewer, body: ListAgentsBody) => list(viewer, { ownerId: viewer.id }, body),
    listPublic: (viewer: Viewer, body: ListAgentsBody) => list(viewer, { publicOnly: true }, body),
    publish: (viewer: Viewer, id: string) => setPublic(viewer, id, true),
    /** Withholds; other users' setups using the agent stop working for them, which the answer warns of. */
    async withhold(viewer: Viewer, id: string): Promise<AgentWithheldInfo> {
      const agent = await setPublic(viewer, id, false);
      const users = othersSetupsUsing ? await othersSetupsUsing(id, agent.owner_id) : { published: [], unlisted: 0 };
      return users.published.length + users.unlisted > 0 ? { ...agent, warning: usedByOthersWarning(users.published, users.unlisted) } : agent;
    },
  };
}
