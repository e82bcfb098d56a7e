import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/routes';
import { TAG_TITLES } from './constants';

/** Tags: the tag manager; other features pick tags with `TagSelect` (or `useSubTags`). */
export const tagsRoutes: RouteObject[] = [lazyRoute('system/tag', TAG_TITLES.manage, () => import('./pages/TagManagePage'))];

export { tagKeys, useSubTags } from './queries';
export { TagSelect, tagOptions, type TagSelectProps } from './components/TagSelect';
