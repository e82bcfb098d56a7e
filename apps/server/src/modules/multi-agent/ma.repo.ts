import { and, arrayContains, asc, count, desc, eq, getTableColumns, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../platform/db/index.js';
import { multiAgents } from './ma.tables.js';
import { taggedWithAny } from '../tag/index.js';

type MaRow = typeof multiAgents.$inferSelect;
type NewMa = typeof multiAgents.$inferInsert;
export type MaChanges = Partial<Omit<NewMa, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>>;
export type MaListRow = MaRow & { ownerName: string };

export interface MaFilter {
  scope: { ownerId: string } | { publicOnly: true };
  keyword?: string;
  tags?: string[];
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const listColumns = {
  ...getTableColumns(multiAgents),
  ownerName: sql<string>`(select coalesce(nullif(u.nick_name, ''), u.user_name) from users u where u.id = "multi_agents"."owner_id")`,
};

function filterOf({ scope, keyword, tags }: MaFilter): SQL | undefined {
  return and(
    'ownerId' in scope ? eq(multiAgents.ownerId, scope.ownerId) : eq(multiAgents.isPublic, true),
    keyword ? or(ilike(multiAgents.name, likePattern(keyword)), ilike(multiAgents.description, likePattern(keyword))) : undefined,
    tags?.length ? taggedWithAny(multiAgents.tags, tags) : undefined,
  );
}

export async function listMas(db: Db, filter: MaFilter, offset: number, limit: number): Promise<{ total: number; rows: MaListRow[] }> {
  const where = filterOf(filter);
  const [total] = await db.select({ n: count() }).from(multiAgents).where(where);
  const rows = await db.select(listColumns).from(multiAgents).where(where).orderBy(desc(multiAgents.createdAt), desc(multiAgents.id)).offset(offset).limit(limit);
  return { total: total?.n ?? 0, rows };
}

export async function findMaListRow(db: Db, id: string): Promise<MaListRow | undefined> {
  return (await db.select(listColumns).from(multiAgents).where(eq(multiAgents.id, id)).limit(1))[0];
}

export async function insertMa(db: Db, row: NewMa): Promise<MaRow> {
  return (await db.insert(multiAgents).values(row).returning())[0]!;
}

export async function updateMa(db: Db, id: string, changes: MaChanges): Promise<boolean> {
  const updated = await db
    .update(multiAgents)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(multiAgents.id, id))
    .returning({ id: multiAgents.id });
  return updated.length > 0;
}

export async function deleteMa(db: Db, id: string): Promise<boolean> {
  return (await db.delete(multiAgents).where(eq(multiAgents.id, id)).returning({ id: multiAgents.id })).length > 0;
}

/** Setups with these agents among their members (or any member, without ids). */
export function masUsingAgents(db: Db, agentIds?: string[]) {
  const target = sql<string>`m.agent_id`;
  const filter = agentIds ? sql`where ${inArray(target, agentIds)}` : sql``;
  return selectRows<{ id: string; name: string; target: string }>(
    db,
    sql`select ma.id, ma.name, m.agent_id as target from multi_agents ma cross join lateral unnest(ma.member_ids) as m(agent_id) ${filter}`,
  );
}

/** Supervisor setups and their coordinator's model (lower-case, as what uses a model names it). */
export function masUsingModels(db: Db, modelKeys?: string[]) {
  const target = sql<string>`lower(ma.graph->'supervisor'->>'llm_name')`;
  const filter = modelKeys ? sql`and ${inArray(target, modelKeys)}` : sql``;
  return selectRows<{ id: string; name: string; target: string }>(
    db,
    sql`select ma.id, ma.name, ${target} as target from multi_agents ma where jsonb_typeof(ma.graph->'supervisor') = 'object' ${filter}`,
  );
}

/** Setups of other owners than `ownerId` with this agent among their members, oldest first. */
export function othersMasUsingAgent(db: Db, agentId: string, ownerId: string): Promise<Array<{ name: string; isPublic: boolean }>> {
  return db
    .select({ name: multiAgents.name, isPublic: multiAgents.isPublic })
    .from(multiAgents)
    .where(and(arrayContains(multiAgents.memberIds, [agentId]), ne(multiAgents.ownerId, ownerId)))
    .orderBy(asc(multiAgents.createdAt), asc(multiAgents.id));
}

export async function countMasByOwner(db: Db, ownerIds: string[]): Promise<Map<string, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db.select({ ownerId: multiAgents.ownerId, n: count() }).from(multiAgents).where(inArray(multiAgents.ownerId, ownerIds)).groupBy(multiAgents.ownerId);
  return new Map(rows.map((row) => [row.ownerId, row.n]));
}
