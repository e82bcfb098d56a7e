import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-title';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** A route whose component is loaded on first visit (code-split by route). */
export function lazyRoute(path: string, title: string, load: PageLoader): RouteObject {
  const handle: RouteHandle = { title };
  return { path, handle, lazy: async () => ({ Component: (await load()).default }) };
}
