import { eq, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../platform/db/index.js';
import { kbPlatformDictionary } from '../knowledge.tables.js';

const PLATFORM_ROW = 1;

export async function readPlatformDictionary(db: Db): Promise<{ words: string[]; updatedAt: Date | null }> {
  const [row] = await db.select().from(kbPlatformDictionary).where(eq(kbPlatformDictionary.id, PLATFORM_ROW)).limit(1);
  return { words: row?.words ?? [], updatedAt: row?.updatedAt ?? null };
}

export async function writePlatformDictionary(db: Db, words: string[]): Promise<Date> {
  const now = new Date();
  await db
    .insert(kbPlatformDictionary)
    .values({ id: PLATFORM_ROW, words, updatedAt: now })
    .onConflictDoUpdate({ target: kbPlatformDictionary.id, set: { words, updatedAt: now } });
  return now;
}

/** Every knowledge base holding documents is marked for re-indexing; returns how many. */
export async function markKbsWithDocumentsForReindex(db: Db): Promise<number> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`update knowledge_bases kb set needs_reindex = true, updated_at = now()
        where exists (select 1 from kb_documents d where d.kb_id = kb.id) returning kb.id`,
  );
  return rows.length;
}
