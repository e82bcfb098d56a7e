import type { AuditAction, AuditEntry, ListAuditBody, Page } from '@agent-platform/contracts';
import type { AuditEvent, AuditRecorder } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import * as repo from './audit.repo.js';

export type AuditService = ReturnType<typeof createAuditService>;

/** Long names and details are cut: an entry says what happened, it does not keep the data. */
const MAX_TEXT = 500;
const clip = (text: string | null | undefined) => (text === null || text === undefined ? null : text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

function toEntry(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    action: row.action as AuditAction,
    actor_id: row.actorId,
    actor_name: row.actorName,
    target_kind: row.targetKind,
    target_id: row.targetId,
    target_name: row.targetName,
    detail: row.detail,
    address: row.address,
    created_at: row.createdAt.toISOString(),
  };
}

export function createAuditService({ db }: { db: Db }) {
  const recorder: AuditRecorder = {
    async record({ action, actor, address, target, detail }: AuditEvent) {
      await repo.insertAuditEntry(db, {
        action,
        actorId: actor.id,
        actorName: clip(actor.name) ?? '',
        targetKind: target?.kind ?? null,
        targetId: clip(target?.id),
        targetName: clip(target?.name),
        detail: clip(detail),
        address,
      });
    },
  };
  return {
    recorder,

    async listEntries({ page, page_size, actor, action, from, to }: ListAuditBody): Promise<Page<AuditEntry>> {
      const filter = { actor, action, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined };
      const { total, rows } = await repo.listAuditEntries(db, filter, (page - 1) * page_size, page_size);
      return { total, list: rows.map(toEntry) };
    },
  };
}
