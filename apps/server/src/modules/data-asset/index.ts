import { inArray, sql } from 'drizzle-orm';
import { edgesOf, type ModuleReferences, type ReferenceRegistry } from '../../core/index.js';
import { selectRows, thingList, type Db } from '../../platform/db/index.js';
import type { RunService } from '../../runtime/runs/index.js';
import type { ConversationService } from '../conversation/index.js';
import type { DatasourceAccess, DatasourceService } from '../datasource/index.js';
import type { LlmService } from '../llm/index.js';
import { tagColumnReferences, type TagService } from '../tag/index.js';
import { createAssetChatService } from './asset-chat.service.js';
import { createAssetQueryRunner } from './asset-query.js';
import { assetToolSource } from './asset-tool-source.js';
import { createDataAssetService } from './data-asset.service.js';
import { dbAssets } from './data-asset.tables.js';

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
  references: Pick<ReferenceRegistry<Db>, 'usersOf'>;
  /** For the tag filter: a first-level tag finds its sub-tags' assets too, ignoring case. */
  tags: TagService;
}

/** Assets on each datasource (a datasource with assets may not be deleted), as the topology draws them. */
function assetsOnDatasources(db: Db, datasourceIds?: string[]) {
  const filter = datasourceIds ? sql`where ${inArray(dbAssets.connectionId, datasourceIds)}` : sql``;
  return selectRows<{ id: string; name: string; target: string }>(db, sql`select id, name, connection_id::text as target from db_assets ${filter}`);
}

/** Assets refer to their datasource; the topology lists them; their tags follow the tag manager's renames and deletions. */
export const dataAssetReferences = (db: Db): ModuleReferences<Db> => ({
  references: [{ from: 'data_asset', label: '数据资产', to: 'datasource', blocksDelete: true, find: async (ids) => edgesOf('data_asset', await assetsOnDatasources(db, ids)) }],
  things: [thingList(db, 'data_asset', dbAssets, { id: dbAssets.id, name: dbAssets.name, ownerId: dbAssets.ownerId, isPublic: dbAssets.isPublic, tags: dbAssets.tags })],
  tagged: [tagColumnReferences('asset', dbAssets, dbAssets.tags)],
});

/** Data assets over datasources, every statement guarded, run read-only and audited, and the asset chat. */
export function createDataAssetModule({ db, datasources, access, statementTimeoutMs, llm, conversations, runs, references, tags }: DataAssetModuleDeps) {
  const assets = createDataAssetService({ db, datasources, access, references, tags });
  const runQuery = createAssetQueryRunner({ db, access, statementTimeoutMs });
  const chat = createAssetChatService({ db, llm, conversations, runs, assets, runQuery });
  return { assets, chat, toolSource: assetToolSource({ assets, runQuery }) };
}
