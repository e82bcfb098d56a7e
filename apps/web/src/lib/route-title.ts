import { useMatches } from 'react-router';

/** What a route carries in its `handle`: the screen title used for the page title and headers. */
export interface RouteHandle {
  title?: string;
}

/** The title of the deepest matched route that has one. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const title = (matches[index]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

/** `<screen title> - <app name>`, or the app name alone. */
export function formatDocumentTitle(title: string | undefined, appName: string): string {
  return title ? `${title} - ${appName}` : appName;
}
