import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { MA_TITLES } from './constants';

/** Multi-agent setups: the list, the canvas editor, the chat, and API keys with the embed snippet. */
export const maRoutes: RouteObject[] = [
  lazyRoute('multi-agent', MA_TITLES.list, () => import('./pages/MaListPage')),
  lazyRoute('multi-agent/create', MA_TITLES.create, () => import('./pages/MaCreatePage')),
  lazyRoute('multi-agent/edit/:id', MA_TITLES.edit, () => import('./pages/MaEditPage')),
  lazyRoute('multi-agent/chat/:id', MA_TITLES.chat, () => import('./chat/MaChatPage')),
  lazyRoute('multi-agent/dep/:id', MA_TITLES.deploy, () => import('./pages/MaDeployPage')),
];
