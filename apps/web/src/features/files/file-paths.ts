import { normalizeFolderPath } from '@agent-platform/contracts';

/** The folder of the `?path=` query parameter; anything malformed is the root. */
export function folderFromQuery(value: string | null): string {
  return (value && normalizeFolderPath(value)) || '/';
}

/** `/a` + `b` → `/a/b`; `/` + `b` → `/b`. */
export function joinPath(parent: string, name: string): string {
  return parent === '/' ? `/${name}` : `${parent}/${name}`;
}

export interface Crumb {
  name: string;
  path: string;
}

/** `/报告/2026` → `[{报告, /报告}, {2026, /报告/2026}]` (the root is the caller's first crumb). */
export function pathCrumbs(path: string): Crumb[] {
  const crumbs: Crumb[] = [];
  let current = '/';
  for (const name of path.split('/').filter(Boolean)) {
    current = joinPath(current, name);
    crumbs.push({ name, path: current });
  }
  return crumbs;
}

/** Whether `path` is `folder` itself or somewhere inside it (a folder cannot move into itself). */
export function isSameOrInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder === '/' ? '/' : `${folder}/`);
}

/**
 * Where a file chosen with "upload folder" goes: `webkitRelativePath` `资料/图片/a.png` uploaded in
 * `/项目` lands in `/项目/资料/图片`. A plain file (no relative path) goes into `base` itself.
 */
export function uploadFolderFor(base: string, relativePath: string): string {
  const folders = relativePath.split('/').slice(0, -1).filter(Boolean);
  return folders.reduce(joinPath, base);
}

/** Every folder below `base` the target folders need, parents before children, each once. */
export function foldersToCreate(base: string, targets: string[]): string[] {
  const needed = new Set<string>();
  for (const target of targets) {
    if (target === base || !isSameOrInside(target, base)) continue;
    const below = target.slice(base === '/' ? 1 : base.length + 1).split('/');
    below.reduce((parent, name) => {
      const path = joinPath(parent, name);
      needed.add(path);
      return path;
    }, base);
  }
  return [...needed].sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}
