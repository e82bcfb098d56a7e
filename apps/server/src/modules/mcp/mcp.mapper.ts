import type { McpService } from '@agent-platform/contracts';
import { canEdit, type Viewer } from '../../core/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import { maskMap } from './mcp-secrets.js';
import type { McpServiceRow } from './mcp.repo.js';

/** Editors see header and environment names with masked values; others see neither. */
export function toMcpService(row: McpServiceRow, viewer: Viewer, secrets: SecretBox): McpService {
  const editable = canEdit(viewer, row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    transport: row.transport,
    url: row.url,
    headers: editable ? maskMap(secrets, row.headersSealed) : {},
    command: row.command,
    args: editable ? row.args : [],
    env: editable ? maskMap(secrets, row.envSealed) : {},
    tags: row.tags,
    call_timeout_ms: row.callTimeoutMs,
    is_public: row.isPublic,
    owner_id: row.ownerId,
    can_edit: editable,
    status: row.status,
    status_message: row.statusMessage,
    checked_at: row.checkedAt?.toISOString() ?? null,
    function_count: row.functionCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
