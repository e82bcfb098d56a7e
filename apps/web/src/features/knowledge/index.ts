import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { KB_TITLES } from './paths';

/** Knowledge bases: the list, a knowledge base's documents/segments/retrieval test, and the chat. */
export const knowledgeRoutes: RouteObject[] = [
  lazyRoute('kb', KB_TITLES.list, () => import('./pages/KbListPage')),
  lazyRoute('kb/detail/:id', KB_TITLES.detail, () => import('./pages/KbDetailPage')),
  lazyRoute('kb/chat', KB_TITLES.chat, () => import('./pages/KbChatPage')),
];

export { KB_SEARCH_MODE_LABELS } from './constants';
export { useVisibleKbs } from './queries';
export { KB_PATHS } from './paths';
export { useKbs } from './queries';
