import type { ToolInfo } from '@agent-platform/contracts';
import { canEdit, type Viewer } from '../../core/index.js';
import type { Tool } from '../../runtime/tools/index.js';
import type { ToolListRow } from './tool.repo.js';
import type { ToolSource, ToolSources } from './tool-sources.js';

/** The config a page sees: masked by the kind where it keeps a secret. */
export function configShown(row: ToolListRow, source: ToolSource | undefined): Record<string, unknown> {
  if (!source) return row.config;
  return source.show ? source.show(row) : source.storedConfig.read(row.config);
}

export function toToolInfo(row: ToolListRow, viewer: Viewer, sources: ToolSources): ToolInfo {
  const source = sources.get(row.kind);
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    kind: row.kind,
    tags: row.tags,
    is_public: row.isPublic,
    owner_id: row.ownerId,
    owner_name: row.ownerName,
    editable: canEdit(viewer, row),
    input_schema: row.inputSchema,
    config: configShown(row, source),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    provider: row.providerId ? { id: row.providerId, title: row.providerTitle ?? '' } : null,
  };
}

/** Built-in tools are listed read-only, their name standing for the id. */
export function builtinInfo(tool: Tool): ToolInfo {
  return {
    id: tool.name,
    name: tool.name,
    title: tool.title,
    description: tool.description,
    kind: 'builtin',
    tags: [],
    is_public: true,
    owner_id: null,
    owner_name: '系统',
    editable: false,
    input_schema: tool.inputSchema,
    config: {},
    created_at: null,
    updated_at: null,
    provider: null,
  };
}
