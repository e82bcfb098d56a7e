/** Zod-free rules for the file manager's folder paths, shared by server and web. */

export const FOLDER_NAME_MAX = 100;
export const FOLDER_DEPTH_MAX = 20;

// Control characters and the characters Windows and shells treat specially.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const UNSAFE_NAME = /[\u0000-\u001f\u007f\\/:*?"<>|]/;

/** A single file or folder name a user may choose: no separators, no `.`/`..`, no control characters. */
export function isSafeEntryName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length > 0 && trimmed.length <= FOLDER_NAME_MAX && trimmed !== '.' && trimmed !== '..' && !UNSAFE_NAME.test(trimmed);
}

/**
 * `/`, `/报告` or `/报告/2026/`: normalised to `/报告/2026`. Answers null for anything else: relative
 * paths, `..`, empty segments, backslashes, drive letters, control characters, over-deep trees.
 */
export function normalizeFolderPath(path: string): string | null {
  const trimmed = path.trim();
  if (trimmed === '' || trimmed === '/') return '/';
  if (!trimmed.startsWith('/')) return null;
  const segments = trimmed.replace(/\/+$/, '').slice(1).split('/');
  if (segments.length > FOLDER_DEPTH_MAX) return null;
  if (!segments.every((segment) => segment === segment.trim() && isSafeEntryName(segment))) return null;
  return `/${segments.join('/')}`;
}

/** The parent folder and the last segment of a normalised path (`/a/b` → `/a`, `b`). */
export function splitFolderPath(path: string): { parent: string; name: string } {
  const cut = path.lastIndexOf('/');
  return { parent: cut <= 0 ? '/' : path.slice(0, cut), name: path.slice(cut + 1) };
}
