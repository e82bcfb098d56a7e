import { count, eq, ilike, inArray, like, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { systemProperties } from './system.tables.js';

export type PropertyRow = typeof systemProperties.$inferSelect;
export type NewProperty = typeof systemProperties.$inferInsert;
export type PropertyChanges = Partial<Pick<PropertyRow, 'name' | 'currentValue' | 'defaultValue' | 'description'>> & Pick<PropertyRow, 'updatedBy'>;

export async function listProperties(db: Db, keyword: string | undefined, offset: number, limit: number) {
  const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = pattern ? or(ilike(systemProperties.code, pattern), ilike(systemProperties.name, pattern)) : undefined;
  const [total] = await db.select({ n: count() }).from(systemProperties).where(where);
  const rows = await db.select().from(systemProperties).where(where).orderBy(systemProperties.code).offset(offset).limit(limit);
  return { total: total?.n ?? 0, rows };
}

export function listPropertiesByPrefix(db: Db, prefix: string) {
  return db
    .select({ code: systemProperties.code, currentValue: systemProperties.currentValue, defaultValue: systemProperties.defaultValue })
    .from(systemProperties)
    .where(like(systemProperties.code, `${prefix}%`))
    .orderBy(systemProperties.code);
}

export async function findPropertyByCode(db: Db, code: string): Promise<PropertyRow | undefined> {
  const rows = await db.select().from(systemProperties).where(eq(systemProperties.code, code)).limit(1);
  return rows[0];
}

export function findPropertiesByCodes(db: Db, codes: readonly string[]): Promise<PropertyRow[]> {
  return codes.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(systemProperties)
        .where(inArray(systemProperties.code, [...codes]));
}

export async function findPropertyById(db: Db, id: string): Promise<PropertyRow | undefined> {
  const rows = await db.select().from(systemProperties).where(eq(systemProperties.id, id)).limit(1);
  return rows[0];
}

/** `undefined` when the code exists already. */
export async function insertProperty(db: Db, property: NewProperty): Promise<PropertyRow | undefined> {
  const rows = await db.insert(systemProperties).values(property).onConflictDoNothing().returning();
  return rows[0];
}

/** Seeds defaults without touching properties that exist (an administrator may have changed them). */
export async function insertMissingProperties(db: Db, properties: NewProperty[]): Promise<void> {
  if (properties.length > 0) await db.insert(systemProperties).values(properties).onConflictDoNothing();
}

export async function updateProperty(db: Db, id: string, changes: PropertyChanges): Promise<PropertyRow | undefined> {
  const rows = await db
    .update(systemProperties)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(systemProperties.id, id))
    .returning();
  return rows[0];
}

export async function updateCurrentValueByCode(db: Db, code: string, currentValue: string | null, updatedBy: string): Promise<boolean> {
  const rows = await db.update(systemProperties).set({ currentValue, updatedBy, updatedAt: new Date() }).where(eq(systemProperties.code, code)).returning({ id: systemProperties.id });
  return rows.length > 0;
}

export async function findExistingCodes(db: Db, codes: string[]): Promise<string[]> {
  const rows = await db.select({ code: systemProperties.code }).from(systemProperties).where(inArray(systemProperties.code, codes));
  return rows.map((row) => row.code);
}

export async function deleteProperty(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(systemProperties).where(eq(systemProperties.id, id)).returning({ id: systemProperties.id });
  return rows.length > 0;
}
