import type { ToolKind } from '@agent-platform/contracts';
import { thingList, type Db } from '../../platform/db/index.js';
import type { Outbound } from '../../platform/net/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import type { Tool } from '../../runtime/tools/index.js';
import { edgesOf, type ModuleReferences, type ReferenceRegistry, type Viewer } from '../../core/index.js';
import { tagColumnReferences, type TagService } from '../tag/index.js';
import type { RemovedThings } from '../topology/index.js';
import type { FileService } from '../files/index.js';
import type { KnowledgeRetriever } from '../knowledge/index.js';
import type { LlmService } from '../llm/index.js';
import { httpToolSource } from './http/http-source.js';
import { kbToolSource } from './kb-source.js';
import { multimodalToolSource } from './multimodal-source.js';
import { createToolCatalog } from './tool-catalog.js';
import { createToolService } from './tool.service.js';
import { createCredentialBox } from './provider/credentials.js';
import { createProviderAuth } from './provider/provider-auth.js';
import { createToolProviderService } from './provider/provider.service.js';
import { toolsUsing } from './tool.repo.js';
import { tools } from './tool.tables.js';
import type { ToolSource, ToolSources } from './tool-sources.js';

export { toolRoutes } from './tool.routes.js';
export type { ToolCatalog } from './tool-catalog.js';
export type { ToolService } from './tool.service.js';
export type { PreparedTool, ToolDraft, ToolSource, ToolSources } from './tool-sources.js';
export { checkedInputSchema, rowTool } from './tool-sources.js';
export type { ToolRow } from './tool.repo.js';

/**
 * What stored tools refer to, by their config: knowledge bases (`llm/kb`), models (`llm/multimodal`),
 * MCP services (`service`), data assets (`llm/db`). Only a data asset is kept from being deleted by its
 * tools (its owner learns who queries it before it goes); for the others, and for an asset that went
 * another way (made private, its owner deleted), the tool says why it cannot run. Tool tags follow the
 * tag manager's renames and deletions.
 */
export const toolReferences = (db: Db): ModuleReferences<Db> => ({
  references: [
    { from: 'tool', label: '工具', to: 'knowledge_base', blocksDelete: false, find: async (ids) => edgesOf('tool', await toolsUsing(db, 'kb', ids)) },
    { from: 'tool', label: '工具', to: 'model', blocksDelete: false, find: async (names) => edgesOf('tool', await toolsUsing(db, 'model', names)) },
    { from: 'tool', label: '工具', to: 'service', blocksDelete: false, find: async (ids) => edgesOf('tool', await toolsUsing(db, 'service', ids)) },
    { from: 'tool', label: '工具', to: 'data_asset', blocksDelete: true, find: async (ids) => edgesOf('tool', await toolsUsing(db, 'asset', ids)) },
  ],
  things: [thingList(db, 'tool', tools, { id: tools.id, name: tools.title, ownerId: tools.ownerId, isPublic: tools.isPublic, tags: tools.tags })],
  tagged: [tagColumnReferences('tool', tools, tools.tags)],
});

export interface ToolModuleDeps {
  db: Db;
  outbound: Outbound;
  secrets: SecretBox;
  llm: LlmService;
  files: FileService;
  retriever: KnowledgeRetriever;
  /** Throws 40401 when the viewer may not read the knowledge base. */
  checkKb(viewer: Viewer, kbId: string): Promise<unknown>;
  builtins: Tool[];
  /** Tool tags must be the tag manager's `tool` tags; the list filter matches sub-tags. */
  tags: TagService;
  /** Who uses a tool (agents): asked before it is deleted or stops being public. */
  references: Pick<ReferenceRegistry<Db>, 'usersOf' | 'othersLosing'>;
  /** Names of tools deleted while other users' agents used them. */
  removed: RemovedThings;
  /** Stored kinds other modules run (`service`: MCP functions). */
  moreSources?: Partial<Record<ToolKind, ToolSource>>;
}

/**
 * Custom tools, API tool sets (imported OpenAPI documents with shared or per-user credentials) and the
 * catalog agents resolve tools from. `sources` maps each stored kind to how it is
 * checked and run; another module's kind (`service` from MCP) comes in `moreSources`.
 */
export function createToolModule({ db, outbound, secrets, llm, files, retriever, checkKb, builtins, tags, references, removed, moreSources = {} }: ToolModuleDeps) {
  const box = createCredentialBox(secrets);
  const sources: ToolSources = new Map<ToolKind, ToolSource>([
    ['llm', httpToolSource({ outbound, secrets, providerAuth: createProviderAuth({ db, box }) })],
    ['llm/kb', kbToolSource({ retriever, checkKb })],
    ['llm/multimodal', multimodalToolSource({ llm, files, outbound })],
    ...(Object.entries(moreSources) as Array<[ToolKind, ToolSource]>),
  ]);
  return {
    tools: createToolService({ db, sources, builtins, tags, references, removed }),
    catalog: createToolCatalog({ db, sources, builtins, removed }),
    providers: createToolProviderService({ db, outbound, box, sources, builtinNames: new Set(builtins.map((tool) => tool.name.toLowerCase())) }),
    outbound,
  };
}
