import { eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { forbidden, notFound } from './app-error.js';
import type { Viewer } from './viewer.js';

/** Something a user owns and may publish to everyone. */
export interface Owned {
  ownerId: string | null;
  isPublic: boolean;
}

export const isAdmin = (viewer: Viewer) => viewer.role === 'admin';

/** The one visibility rule: own rows and public rows; administrators see everything. */
export function visibleWhere(viewer: Viewer, columns: { ownerId: PgColumn; isPublic: PgColumn }): SQL | undefined {
  return isAdmin(viewer) ? undefined : or(eq(columns.ownerId, viewer.id), eq(columns.isPublic, true));
}

export const canSee = (viewer: Viewer, thing: Owned) => isAdmin(viewer) || thing.ownerId === viewer.id || thing.isPublic;
export const canEdit = (viewer: Viewer, thing: Owned) => isAdmin(viewer) || thing.ownerId === viewer.id;

/** The thing, if the viewer may see it; otherwise `NOT_FOUND` (private things are invisible, not forbidden). */
export function requireVisible<T extends Owned>(viewer: Viewer, thing: T | undefined, what: string): T {
  if (!thing || !canSee(viewer, thing)) throw notFound(what);
  return thing;
}

/** The thing, if the viewer may change it: `NOT_FOUND` when they cannot see it, `FORBIDDEN` when it is someone else's public thing. */
export function requireEditable<T extends Owned>(viewer: Viewer, thing: T | undefined, what: string): T {
  const visible = requireVisible(viewer, thing, what);
  if (!canEdit(viewer, visible)) throw forbidden(`只有${what}的创建者或管理员可以修改或删除它`);
  return visible;
}
