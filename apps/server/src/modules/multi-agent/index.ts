import type { CreateMaBody, MaInfo } from '@agent-platform/contracts';
import { thingList, type Db } from '../../platform/db/index.js';
import { edgesOf, requireVisible, type ModuleReferences, type Viewer } from '../../core/index.js';
import { tagColumnReferences } from '../tag/index.js';
import { toMaInfo } from './ma.mapper.js';
import { countMasByOwner, findMaListRow, masUsingAgents, masUsingModels, othersMasUsingAgent } from './ma.repo.js';
import { createMaService, WHAT, type MaServiceDeps } from './ma.service.js';
import { multiAgents } from './ma.tables.js';

export { maRoutes } from './ma.routes.js';

/** What multi-agent chat asks of setups. */
export interface MaRegistry {
  /** The setup if the viewer may use it: their own, or published (administrators all); 40401 `多智能体不存在` otherwise. */
  getUsableSetup(viewer: Viewer, id: string): Promise<MaInfo>;
  /** The editor's unsaved setup for a preview turn, checked as creating it would be (`id`: the saved setup it stands in for). */
  draftSetup(viewer: Viewer, draft: CreateMaBody, id?: string): Promise<MaInfo>;
}

/** Multi-agent setups: the table, the `/ma/*` calls other than chat, and the registry chats read setups from. */
export function createMaModule(deps: MaServiceDeps) {
  const setups = createMaService(deps);
  const registry: MaRegistry = {
    getUsableSetup: async (viewer, id) => toMaInfo(requireVisible(viewer, /^[0-9a-f-]{36}$/i.test(id) ? await findMaListRow(deps.db, id) : undefined, WHAT), viewer, { forRunning: true }),
    draftSetup: (viewer, draft, id) => setups.draft(viewer, draft, id),
  };
  return { setups, registry };
}

/**
 * Setups refer to their member agents (an agent a setup uses may not be deleted) and to their
 * coordinator's model (drawn on the topology; the setup's chats refuse while the model is gone); how
 * many each user owns; their tags.
 */
export const maReferences = (db: Db): ModuleReferences<Db> => ({
  references: [
    { from: 'multi_agent', label: '多智能体', to: 'agent', blocksDelete: true, find: async (ids) => edgesOf('multi_agent', await masUsingAgents(db, ids)) },
    { from: 'multi_agent', label: '多智能体', to: 'model', blocksDelete: false, find: async (keys) => edgesOf('multi_agent', await masUsingModels(db, keys)) },
  ],
  things: [thingList(db, 'multi_agent', multiAgents, { id: multiAgents.id, name: multiAgents.name, ownerId: multiAgents.ownerId, isPublic: multiAgents.isPublic, tags: multiAgents.tags })],
  owned: [{ key: 'multi_agents', countByOwner: (userIds) => countMasByOwner(db, userIds) }],
  tagged: [tagColumnReferences('ma', multiAgents, multiAgents.tags)],
});

/** For withholding an agent: other users' setups using it, published ones by name, private ones only counted. */
export const othersSetupsUsing =
  (db: Db) =>
  async (agentId: string, ownerId: string): Promise<{ published: string[]; unlisted: number }> => {
    const rows = await othersMasUsingAgent(db, agentId, ownerId);
    return { published: rows.filter((row) => row.isPublic).map((row) => row.name), unlisted: rows.filter((row) => !row.isPublic).length };
  };
