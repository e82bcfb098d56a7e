import type { AgentInfo } from '@agent-platform/contracts';
import { canEdit, type Viewer } from '../../core/index.js';
import { storedHitl, storedRetrieval } from './agent-stored.js';
import type { AgentListRow } from './agent.repo.js';

/** Whether the viewer may read the agent's system prompt: its owner, administrators, or anyone once the owner shares it. */
export const maySeePrompt = (row: AgentListRow, viewer: Viewer) => canEdit(viewer, row) || row.promptShared;

/**
 * The agent as the viewer sees it. A prompt the viewer may not read is empty, except `forRunning`:
 * the engine that runs a turn for the viewer needs it (and never shows it).
 */
export function toAgentInfo(row: AgentListRow, viewer: Viewer, { forRunning = false } = {}): AgentInfo {
  return {
    id: row.id,
    name: row.name,
    avatar: row.avatar,
    description: row.description,
    system_prompt: forRunning || maySeePrompt(row, viewer) ? row.systemPrompt : '',
    prompt_shared: row.promptShared,
    opening_message: row.openingMessage,
    suggested_questions: row.suggestedQuestions,
    llm_name: row.llmName,
    temperature: row.temperature,
    top_p: row.topP,
    max_tokens: row.maxTokens,
    tool_ids: row.toolIds,
    services: row.services,
    kb_ids: row.kbIds,
    retrieval: storedRetrieval.read(row.retrieval),
    hitl: storedHitl.read(row.hitl),
    max_steps: row.maxSteps,
    history_turns: row.historyTurns,
    tags: row.tags,
    is_public: row.isPublic,
    owner_id: row.ownerId,
    owner_name: row.ownerName,
    editable: canEdit(viewer, row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
