import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { DATABASE_TITLES } from './constants';

/** Datasources, data assets and the asset chat. */
export const databaseRoutes: RouteObject[] = [
  lazyRoute('database/datasource', DATABASE_TITLES.datasources, () => import('./pages/DatasourceListPage')),
  lazyRoute('database/asset', DATABASE_TITLES.assets, () => import('./pages/AssetListPage')),
  lazyRoute('database/asset/create', DATABASE_TITLES.createAsset, () => import('./pages/AssetCreatePage')),
  lazyRoute('database/asset/chat/:id', DATABASE_TITLES.assetChat, () => import('./pages/AssetChatPage')),
  lazyRoute('database/asset/detail/:id', DATABASE_TITLES.assetDetail, () => import('./pages/AssetDetailPage')),
  lazyRoute('database/asset/edit/:id', DATABASE_TITLES.editAsset, () => import('./pages/AssetEditPage')),
];
