import type { Db } from '../../platform/db/index.js';
import type { Viewer } from '../../platform/http/index.js';
import type { Outbound } from '../../platform/net/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import type { Tool } from '../../runtime/tools/index.js';
import { tagColumnReferences, type TagReferences } from '../tag/index.js';
import type { FileService } from '../files/index.js';
import type { KnowledgeRetriever } from '../knowledge/index.js';
import type { LlmService } from '../llm/index.js';
import { httpToolSource } from './http/http-source.js';
import { kbToolSource } from './kb-source.js';
import { multimodalToolSource } from './multimodal-source.js';
import { createToolCatalog } from './tool-catalog.js';
import { createToolService } from './tool.service.js';
import { tools } from './tool.tables.js';
import type { ToolSources } from './tool-sources.js';

export { toolRoutes } from './tool.routes.js';
export type { ToolCatalog } from './tool-catalog.js';
export type { ToolService } from './tool.service.js';
export type { PreparedTool, ToolDraft, ToolSource, ToolSources } from './tool-sources.js';
export { checkedInputSchema, rowTool } from './tool-sources.js';
export type { ToolRow } from './tool.repo.js';

/** Tool tags follow the tag manager's renames and deletions. */
export const toolTagReferences: TagReferences = tagColumnReferences('tool', tools, tools.tags);

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
}

/**
 * Custom tools and the catalog agents resolve tools from. `sources` maps each stored kind to how it is
 * checked and run: `sources.set('service', …)` adds MCP functions without changes here.
 */
export function createToolModule({ db, outbound, secrets, llm, files, retriever, checkKb, builtins }: ToolModuleDeps) {
  const sources: ToolSources = new Map([
    ['llm', httpToolSource({ outbound, secrets })],
    ['llm/kb', kbToolSource({ retriever, checkKb })],
    ['llm/multimodal', multimodalToolSource({ llm, files, outbound })],
  ]);
  return {
    sources,
    tools: createToolService({ db, sources, builtins }),
    catalog: createToolCatalog({ db, sources, builtins }),
  };
}
