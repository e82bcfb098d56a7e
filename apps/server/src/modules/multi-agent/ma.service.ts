import { MA_DRAFT_ID, maGraphProblems, type CreateMaBody, type ListMaBody, type MaInfo, type Page, type UpdateMaBody } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { badInput, canEdit, forbidden, notFound, requireVisible, type Viewer } from '../../core/index.js';
import type { AgentRegistry } from '../agent/index.js';
import type { LlmService } from '../llm/index.js';
import type { TagService } from '../tag/index.js';
import { storedGraph, type StoredGraph } from './ma-stored.js';
import { toMaInfo } from './ma.mapper.js';
import * as repo from './ma.repo.js';

export const WHAT = '多智能体';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MaServiceDeps {
  db: Db;
  agents: AgentRegistry;
  llm: LlmService;
  tags: TagService;
}

export type MaService = ReturnType<typeof createMaService>;

type GraphFields = Pick<CreateMaBody, 'mode' | 'members' | 'edges' | 'start_agent_id' | 'supervisor' | 'context' | 'max_handoffs'>;

/** Multi-agent setups themselves: create, change, publish, list, delete. Chats with them are in modules/multi-agent-chat. */
export function createMaService({ db, agents, llm, tags }: MaServiceDeps) {
  const findRow = async (id: string) => (UUID.test(id) ? repo.findMaListRow(db, id) : undefined);
  const visibleRow = async (viewer: Viewer, id: string) => requireVisible(viewer, await findRow(id), WHAT);

  async function editableRow(viewer: Viewer, id: string): Promise<repo.MaListRow> {
    const row = await visibleRow(viewer, id);
    if (!canEdit(viewer, row)) throw forbidden('只有多智能体的创建者可以修改');
    return row;
  }

  async function show(viewer: Viewer, id: string): Promise<MaInfo> {
    const row = await repo.findMaListRow(db, id);
    if (!row) throw notFound(WHAT);
    return toMaInfo(row, viewer);
  }

  /**
   * Checks a whole graph for `owner`: each member an agent the owner may use (own or published: 40401
   * otherwise), the coordinator's model usable, and the edges, start and mode consistent (40001).
   */
  async function checkedGraph(owner: Viewer, fields: GraphFields): Promise<StoredGraph> {
    const members = [];
    for (const member of fields.members) {
      const agent = await agents.getUsableAgent(owner, member.agent_id);
      members.push({ ...member, agent_name: agent.name, agent_avatar: agent.avatar });
    }
    const names = new Map(members.map((member) => [member.agent_id, member.agent_name]));
    const problems = maGraphProblems(fields, (agentId) => names.get(agentId) ?? agentId);
    if (problems.length) throw badInput(problems.join('；'));
    const supervisor = fields.mode === 'supervisor' ? fields.supervisor : null;
    if (supervisor) await llm.resolveModel(owner, supervisor.llm_name, 'chat');
    const edges = fields.mode === 'supervisor' ? [] : fields.edges;
    return { members, edges, start_agent_id: fields.start_agent_id, supervisor, context: fields.context, max_handoffs: fields.max_handoffs };
  }

  async function list(viewer: Viewer, scope: repo.MaFilter['scope'], { page, page_size, keyword, tag }: ListMaBody): Promise<Page<MaInfo>> {
    const tagNames = await tags.namesForFilter('ma', tag);
    const { total, rows } = await repo.listMas(db, { scope, keyword, tags: tagNames }, (page - 1) * page_size, page_size);
    return { total, list: rows.map((row) => toMaInfo(row, viewer)) };
  }

  async function setPublic(viewer: Viewer, id: string, isPublic: boolean): Promise<MaInfo> {
    await editableRow(viewer, id);
    await repo.updateMa(db, id, { isPublic });
    return show(viewer, id);
  }

  return {
    visibleRow,

    async create(viewer: Viewer, body: CreateMaBody): Promise<MaInfo> {
      const graph = await checkedGraph(viewer, body);
      const row = await repo.insertMa(db, {
        ownerId: viewer.id,
        name: body.name,
        avatar: body.avatar,
        description: body.description,
        tags: await tags.checkedNames('ma', body.tags),
        mode: body.mode,
        graph: storedGraph.write(graph),
        memberIds: graph.members.map((member) => member.agent_id),
      });
      return show(viewer, row.id);
    },

    async update(viewer: Viewer, { id, ...body }: UpdateMaBody): Promise<MaInfo> {
      const stored = await editableRow(viewer, id);
      const current = toMaInfo(stored, viewer);
      const graphChanged = ['mode', 'members', 'edges', 'start_agent_id', 'supervisor', 'context', 'max_handoffs'].some((key) => key in body && body[key as keyof typeof body] !== undefined);
      const changes: repo.MaChanges = { name: body.name, avatar: body.avatar, description: body.description, tags: await tags.checkedNames('ma', body.tags, current.tags) };
      if (graphChanged) {
        const fields: GraphFields = {
          mode: body.mode ?? current.mode,
          members: body.members ?? current.members,
          edges: body.edges ?? current.edges,
          start_agent_id: body.start_agent_id ?? current.start_agent_id,
          supervisor: body.supervisor === undefined ? current.supervisor : body.supervisor,
          context: body.context ?? current.context,
          max_handoffs: body.max_handoffs ?? current.max_handoffs,
        };
        // Checked for the setup's owner: an administrator editing it may not add agents the owner cannot use.
        const graph = await checkedGraph(stored.ownerId === viewer.id ? viewer : { id: stored.ownerId, role: 'user' }, fields);
        Object.assign(changes, { mode: fields.mode, graph: storedGraph.write(graph), memberIds: graph.members.map((member) => member.agent_id) });
      }
      if (!(await repo.updateMa(db, id, changes))) throw notFound(WHAT);
      return show(viewer, id);
    },

    getById: async (viewer: Viewer, id: string): Promise<MaInfo> => toMaInfo(await visibleRow(viewer, id), viewer),

    /**
     * The editor's unsaved setup for one preview turn, checked as `create` (and, for a saved setup,
     * `update`) checks it; never stored. `id`: the saved setup it stands in for, which the viewer must
     * be able to edit; its members are then checked for its owner.
     */
    async draft(viewer: Viewer, draft: CreateMaBody, id?: string): Promise<MaInfo> {
      const saved = id === undefined ? undefined : await editableRow(viewer, id);
      const owner: Viewer = !saved || saved.ownerId === viewer.id ? viewer : { id: saved.ownerId, role: 'user' };
      const graph = await checkedGraph(owner, draft);
      const now = new Date().toISOString();
      return {
        id: saved?.id ?? MA_DRAFT_ID,
        name: draft.name,
        avatar: draft.avatar,
        description: draft.description,
        tags: draft.tags,
        mode: draft.mode,
        ...graph,
        is_public: false,
        owner_id: owner.id,
        owner_name: saved?.ownerName ?? '',
        editable: true,
        created_at: saved?.createdAt.toISOString() ?? now,
        updated_at: now,
      };
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await editableRow(viewer, id);
      if (!(await repo.deleteMa(db, id))) throw notFound(WHAT);
    },

    listMine: (viewer: Viewer, body: ListMaBody) => list(viewer, { ownerId: viewer.id }, body),
    listPublic: (viewer: Viewer, body: ListMaBody) => list(viewer, { publicOnly: true }, body),
    publish: (viewer: Viewer, id: string) => setPublic(viewer, id, true),
    withhold: (viewer: Viewer, id: string) => setPublic(viewer, id, false),
  };
}
