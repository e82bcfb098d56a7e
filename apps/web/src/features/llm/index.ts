import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { LLM_TITLES } from './constants';

/** Language models: the model registry and the playground, each page its own chunk. */
export const llmRoutes: RouteObject[] = [
  lazyRoute('model', LLM_TITLES.list, () => import('./pages/ModelListPage')),
  lazyRoute('model/create', LLM_TITLES.create, () => import('./pages/ModelCreatePage')),
  lazyRoute('model/edit/:id', LLM_TITLES.edit, () => import('./pages/ModelEditPage')),
  lazyRoute('model/chat', LLM_TITLES.chat, () => import('./pages/ModelChatPage')),
];

export { useChatModels, useEnabledModels } from './queries';
export { AddModelLink, NoModelsHint } from './components/NoModelsHint';
export { useCreatedModel } from './use-created-model';
export { LLM_PATHS, NO_MODELS_TEXT } from './constants';
