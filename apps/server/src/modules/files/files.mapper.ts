import type { FileDetail, FileEntry } from '@agent-platform/contracts';
import { isAdmin, type Viewer } from '../../core/index.js';
import type { FileRow, FileWithOwner } from './files.repo.js';

/** Private entries are their owner's alone; public ones everyone reads. */
export const canRead = (viewer: Viewer, row: FileRow) => row.tree === 'public' || row.ownerId === viewer.id;

/** The owner changes their entries; an administrator also changes anyone's public ones. */
export const canChange = (viewer: Viewer, row: FileRow) => row.ownerId === viewer.id || (row.tree === 'public' && isAdmin(viewer));

export const liveShareExpiry = (row: FileRow, now = new Date()) => (row.shareExpiresAt && row.shareExpiresAt > now ? row.shareExpiresAt : null);

export function toFileEntry(row: FileWithOwner, path: string, viewer: Viewer): FileEntry {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    path,
    size: row.kind === 'file' ? row.size : null,
    mime: row.mime,
    is_private: row.tree === 'private',
    owner_id: row.ownerId,
    owner_name: row.ownerName,
    editable: canChange(viewer, row),
    share_expires_at: liveShareExpiry(row)?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toFileDetail(row: FileWithOwner, path: string, viewer: Viewer, shareUrl: string | null): FileDetail {
  return { ...toFileEntry(row, path, viewer), sha256: row.sha256, share_url: shareUrl };
}
