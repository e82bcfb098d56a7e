import type { Db } from '../../platform/db/index.js';
import { canEdit, canSee, type Viewer } from '../../core/index.js';
import { kbNotEditable, kbNotFound } from './knowledge.errors.js';
import { findKbById, type KbRow } from './knowledge.repo.js';

/** The knowledge base if the viewer may read it: own or public (administrators all); 40401 otherwise. */
export async function getVisibleKb(db: Db, viewer: Viewer, kbId: string): Promise<KbRow> {
  const kb = await findKbById(db, kbId);
  if (!kb || !canSee(viewer, kb)) throw kbNotFound();
  return kb;
}

/** The knowledge base if the viewer may change it: 40401 when they cannot see it, 40301 when it is someone else's public one. */
export async function getEditableKb(db: Db, viewer: Viewer, kbId: string): Promise<KbRow> {
  const kb = await getVisibleKb(db, viewer, kbId);
  if (!canEdit(viewer, kb)) throw kbNotEditable();
  return kb;
}

/** A job acts for the knowledge base's owner: models are resolved as they would see them. */
export const ownerViewer = (kb: KbRow): Viewer => ({ id: kb.ownerId, role: 'user' });
