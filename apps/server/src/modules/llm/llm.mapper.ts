import { maskSecret, type LlmModel } from '@agent-platform/contracts';
import { canEdit, type Viewer } from '../../core/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import type { LlmModelRow } from './llm.repo.js';

/** The key as its editors see it (`sk-a****wxyz`); others see ''. Never the key itself. */
function shownKey(row: LlmModelRow, viewer: Viewer, secrets: SecretBox): string {
  if (!row.apiKeySealed || !canEdit(viewer, row)) return '';
  try {
    return maskSecret(secrets.open(row.apiKeySealed));
  } catch {
    return '****'; // sealed with another SECRET_KEY: still "a key is set"
  }
}

export function toLlmModel(row: LlmModelRow, viewer: Viewer, secrets: SecretBox): LlmModel {
  return {
    id: row.id,
    llm_name: row.llmName,
    display_name: row.displayName,
    type: row.type,
    provider: row.provider,
    // The address may be internal: only the model's editors see it.
    base_url: canEdit(viewer, row) ? row.baseUrl : '',
    api_key: shownKey(row, viewer, secrets),
    has_api_key: row.apiKeySealed !== null,
    upstream_model: row.upstreamModel,
    context_window: row.contextWindow,
    temperature: row.temperature,
    top_p: row.topP,
    max_tokens: row.maxTokens,
    supports_tools: row.supportsTools,
    supports_vision: row.supportsVision,
    description: row.description,
    status: row.status,
    is_public: row.isPublic,
    owner_id: row.ownerId,
    can_edit: canEdit(viewer, row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
