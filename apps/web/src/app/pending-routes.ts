import { MENU } from '@agent-platform/contracts';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../lib/routes';

/**
 * Menu screens not built yet: each shows the "not open yet" state under its title. To build
 * one, remove its line here and add the route to its feature's index.ts.
 */
const PENDING_APP_PAGES: Array<[path: string, title?: string]> = [
  ['model/deploy/ollama'],
  ['model/deploy/vllm'],
  ['model/train/chat/:id', '训练模型对话'],
  ['model/train/dataset'],
  ['model/train/export'],
  ['model/train/model'],
  ['model/train/record'],
  ['model/ai/detect'],
  ['model/ai/face'],
  ['model/ai/stt'],
];

const PENDING_STANDALONE_PAGES: Array<[path: string, title: string]> = [];

/** Parent paths without a screen of their own go to their first entry. */
export const SECTION_REDIRECTS: Array<[path: string, to: string]> = [
  ['database', '/database/asset'],
  ['files', '/files/private'],
  ['files/next', '/files/next/private'],
  ['model/ai', '/model/ai/detect'],
  ['model/deploy', '/model/deploy/ollama'],
  ['model/train', '/model/train/dataset'],
  ['system', '/system/account'],
  ['system/config', '/system/config/property'],
  ['tool', '/tool/llm'],
];

const MENU_TITLES = new Map(MENU.flatMap((group) => group.children.map((item) => [item.path.slice(1), item.label])));
const loadPending = () => import('../components/PendingPage');

function pendingRoute([path, title]: [string, string?]): RouteObject {
  return lazyRoute(path, title ?? MENU_TITLES.get(path) ?? path, loadPending);
}

export const pendingAppRoutes: RouteObject[] = PENDING_APP_PAGES.map(pendingRoute);
export const pendingStandaloneRoutes: RouteObject[] = PENDING_STANDALONE_PAGES.map(pendingRoute);
