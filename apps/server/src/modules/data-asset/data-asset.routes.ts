import {
  assetChatBody,
  assetIdBody,
  assetSqlConfirmBody,
  assetSqlReplaceBody,
  assetStructureBody,
  assetStructuresBody,
  createAssetBody,
  listAssetsBody,
  updateAssetBody,
} from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/index.js';
import { sseSink } from '../../platform/sse/index.js';
import type { AssetChatService } from './asset-chat.service.js';
import type { DataAssetService } from './data-asset.service.js';

/** `/db/asset/*`: data assets, their structure and audit, and the asset chat with its SQL confirmation. */
export function dataAssetRoutes(app: FastifyInstance, { assets, chat }: { assets: DataAssetService; chat: AssetChatService }): void {
  const base = '/db/asset';
  route(app, { url: `${base}/create_asset`, access: 'user', body: createAssetBody, handler: ({ user, body }) => assets.createAsset(user, body) });
  route(app, { url: `${base}/update_asset`, access: 'user', body: updateAssetBody, handler: ({ user, body }) => assets.updateAsset(user, body) });
  route(app, { url: `${base}/delete_asset_by_id`, access: 'user', body: assetIdBody, handler: ({ user, body }) => assets.deleteAsset(user, body.id) });
  route(app, { url: `${base}/query_asset_by_id`, access: 'user', body: assetIdBody, handler: ({ user, body }) => assets.getAsset(user, body.id) });
  route(app, { url: `${base}/query_asset`, access: 'user', body: listAssetsBody, handler: ({ user, body }) => assets.listUsable(user, body) });
  route(app, { url: `${base}/query_my_asset`, access: 'user', body: listAssetsBody, handler: ({ user, body }) => assets.listMine(user, body) });
  route(app, { url: `${base}/query_access_list`, access: 'user', body: assetIdBody, handler: ({ user, body }) => assets.listAccessUsers(user, body.id) });
  route(app, {
    url: `${base}/query_structure_by_name`,
    access: 'user',
    body: assetStructureBody,
    handler: async ({ user, body }) => (await assets.getStructures(user, { id: body.id, table_names: [body.table_name] }))[0],
  });
  route(app, { url: `${base}/query_structure_by_names`, access: 'user', body: assetStructuresBody, handler: ({ user, body }) => assets.getStructures(user, body) });
  route(app, { url: `${base}/query_audit`, access: 'user', body: assetIdBody, handler: ({ user, body }) => assets.listAudits(user, body.id) });

  route(app, { url: `${base}/chat`, access: 'user', body: assetChatBody, handler: ({ user, body, reply }) => chat.chat(sseSink(reply), user, body) });
  route(app, { url: `${base}/chat/hitl_action_confirm`, access: 'user', body: assetSqlConfirmBody, handler: ({ user, body, reply }) => chat.decide(sseSink(reply), user, body) });
  route(app, { url: `${base}/chat/hitl_replace`, access: 'user', body: assetSqlReplaceBody, handler: ({ user, body, reply }) => chat.decide(sseSink(reply), user, body) });
}
