import type { MaInfo, MaMode } from '@agent-platform/contracts';
import { canEdit, type Viewer } from '../../core/index.js';
import { storedGraph } from './ma-stored.js';
import type { MaListRow } from './ma.repo.js';

/** A setup as the viewer sees it; the coordinator's prompt only for those who may edit it, or `forRunning` (a chat's turn, never shown). */
export function toMaInfo(row: MaListRow, viewer: Viewer, { forRunning = false } = {}): MaInfo {
  const graph = storedGraph.read(row.graph);
  const editable = canEdit(viewer, row);
  return {
    id: row.id,
    name: row.name,
    avatar: row.avatar,
    description: row.description,
    tags: row.tags,
    mode: row.mode as MaMode,
    members: graph.members,
    edges: graph.edges,
    start_agent_id: graph.start_agent_id,
    supervisor: graph.supervisor && { llm_name: graph.supervisor.llm_name, system_prompt: editable || forRunning ? graph.supervisor.system_prompt : '' },
    context: graph.context,
    max_handoffs: graph.max_handoffs,
    is_public: row.isPublic,
    owner_id: row.ownerId,
    owner_name: row.ownerName,
    editable,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
