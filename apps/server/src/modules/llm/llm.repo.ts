import type { LlmStatus, LlmType } from '@agent-platform/contracts';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { type Viewer, visibleWhere } from '../../core/index.js';
import { llmModels } from './llm.tables.js';

export type LlmModelRow = typeof llmModels.$inferSelect;
export type NewLlmModel = typeof llmModels.$inferInsert;
export type LlmModelChanges = Partial<Omit<NewLlmModel, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>>;

/** A model with what calling it needs to know of its owner. */
export type CallableModelRow = LlmModelRow & { ownerIsAdmin: boolean };

// An administrator's model may reach private addresses (a local Ollama or vLLM); a user's may not.
const callableColumns = {
  ...getTableColumns(llmModels),
  ownerIsAdmin: sql<boolean>`exists (select 1 from users where users.id = ${llmModels.ownerId} and users.role = 'admin')`,
};

export interface ModelFilter {
  type?: LlmType;
  status?: LlmStatus;
  keyword?: string;
}

function filterOf(viewer: Viewer, { type, status, keyword }: ModelFilter): SQL | undefined {
  const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    visibleWhere(viewer, llmModels),
    type ? eq(llmModels.type, type) : undefined,
    status ? eq(llmModels.status, status) : undefined,
    pattern ? or(ilike(llmModels.llmName, pattern), ilike(llmModels.displayName, pattern), ilike(llmModels.upstreamModel, pattern)) : undefined,
  );
}

export async function listModels(db: Db, viewer: Viewer, filter: ModelFilter, offset: number, limit: number) {
  const where = filterOf(viewer, filter);
  const [total] = await db.select({ n: count() }).from(llmModels).where(where);
  const rows = await db.select().from(llmModels).where(where).orderBy(desc(llmModels.createdAt), desc(llmModels.id)).offset(offset).limit(limit);
  return { total: total?.n ?? 0, rows };
}

export async function findModelById(db: Db, id: string): Promise<LlmModelRow | undefined> {
  const rows = await db.select().from(llmModels).where(eq(llmModels.id, id)).limit(1);
  return rows[0];
}

/** Names are unique ignoring case. */
export async function findModelByName(db: Db, llmName: string): Promise<CallableModelRow | undefined> {
  const rows = await db
    .select(callableColumns)
    .from(llmModels)
    .where(eq(sql`lower(${llmModels.llmName})`, llmName.toLowerCase()))
    .limit(1);
  return rows[0];
}

/** The viewer's first enabled chat model (own before public, oldest first). */
export async function findFirstChatModel(db: Db, viewer: Viewer): Promise<CallableModelRow | undefined> {
  const rows = await db
    .select(callableColumns)
    .from(llmModels)
    .where(and(visibleWhere(viewer, llmModels), eq(llmModels.status, 'enabled'), inArray(llmModels.type, ['chat', 'vision'])))
    .orderBy(desc(sql`${llmModels.ownerId} is not distinct from ${viewer.id}`), asc(llmModels.createdAt))
    .limit(1);
  return rows[0];
}

/** `undefined` when the name is taken. */
export async function insertModel(db: Db, model: NewLlmModel): Promise<LlmModelRow | undefined> {
  const rows = await db.insert(llmModels).values(model).onConflictDoNothing().returning();
  return rows[0];
}

export async function updateModel(db: Db, id: string, changes: LlmModelChanges): Promise<LlmModelRow | undefined> {
  const rows = await db
    .update(llmModels)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(llmModels.id, id))
    .returning();
  return rows[0];
}

export async function deleteModel(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(llmModels).where(eq(llmModels.id, id)).returning({ id: llmModels.id });
  return rows.length > 0;
}

export async function countModelsByOwner(db: Db, ownerIds: string[]): Promise<Map<string, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db.select({ ownerId: llmModels.ownerId, n: count() }).from(llmModels).where(inArray(llmModels.ownerId, ownerIds)).groupBy(llmModels.ownerId);
  return new Map(rows.map((row) => [row.ownerId ?? '', row.n]));
}

/** Every enabled model with whether its owner is an administrator (the health page probes them). */
export async function listEnabledModels(db: Db, limit: number): Promise<CallableModelRow[]> {
  return db.select(callableColumns).from(llmModels).where(eq(llmModels.status, 'enabled')).orderBy(asc(llmModels.llmName)).limit(limit);
}
