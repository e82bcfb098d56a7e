import { and, count, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../platform/db/index.js';
import { auditEntries } from './audit.tables.js';

export type AuditRow = typeof auditEntries.$inferSelect;
export type NewAuditRow = typeof auditEntries.$inferInsert;

export interface AuditFilter {
  actor?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

export async function insertAuditEntry(db: Db, entry: NewAuditRow): Promise<void> {
  await db.insert(auditEntries).values(entry);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf({ actor, action, from, to }: AuditFilter): SQL | undefined {
  return and(
    actor ? ilike(auditEntries.actorName, `%${escapeLike(actor)}%`) : undefined,
    action ? eq(auditEntries.action, action) : undefined,
    from ? gte(auditEntries.createdAt, from) : undefined,
    to ? lte(auditEntries.createdAt, to) : undefined,
  );
}

export async function listAuditEntries(db: Db, filter: AuditFilter, offset: number, limit: number) {
  const where = whereOf(filter);
  const [total] = await db.select({ n: count() }).from(auditEntries).where(where);
  const rows = await db.select().from(auditEntries).where(where).orderBy(desc(auditEntries.createdAt), desc(auditEntries.id)).offset(offset).limit(limit);
  return { total: total?.n ?? 0, rows };
}

/** Deletes up to `batch` entries older than `keepDays` days, oldest first; rows another process is deleting are skipped. Answers how many. */
export async function deleteAuditEntriesOlderThan(db: Db, keepDays: number, batch: number): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`
    with picked as (
      select id from audit_entries
      where created_at < now() - ${Math.round(keepDays)}::integer * interval '1 day'
      order by created_at
      limit ${batch}
      for update skip locked
    ), gone as (
      delete from audit_entries a where a.id = any(array(select id from picked)) returning 1
    )
    select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}
