import type { Db } from '../../platform/db/index.js';
import type { RunService } from '../../runtime/runs/index.js';
import type { ConversationService } from '../conversation/index.js';
import type { DatasourceAccess, DatasourceService } from '../datasource/index.js';
import type { LlmService } from '../llm/index.js';
import type { TagService } from '../tag/index.js';
import { createAssetChatService } from './asset-chat.service.js';
import { createAssetQueryRunner } from './asset-query.js';
import { assetToolSource } from './asset-tool-source.js';
import { createDataAssetService } from './data-asset.service.js';

export { dataAssetRoutes } from './data-asset.routes.js';
export type { DataAssetService } from './data-asset.service.js';
export { rankTables } from './table-selection.js';

export interface DataAssetModuleDeps {
  db: Db;
  datasources: DatasourceService;
  access: DatasourceAccess;
  statementTimeoutMs: number;
  llm: LlmService;
  conversations: ConversationService;
  runs: RunService;
  /** For the tag filter: a first-level tag finds its sub-tags' assets too, ignoring case. */
  tags: TagService;
}

/** Data assets over datasources, every statement guarded, run read-only and audited, and the asset chat. */
export function createDataAssetModule({ db, datasources, access, statementTimeoutMs, llm, conversations, runs, tags }: DataAssetModuleDeps) {
  const assets = createDataAssetService({ db, datasources, access, tags });
  const runQuery = createAssetQueryRunner({ db, access, statementTimeoutMs });
  const chat = createAssetChatService({ db, llm, conversations, runs, assets, runQuery });
  return { assets, chat, toolSource: assetToolSource({ assets, runQuery }) };
}
