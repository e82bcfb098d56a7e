import { and, arrayOverlaps, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { agents } from './agent.tables.js';

export type AgentRow = typeof agents.$inferSelect;
export type NewAgent = typeof agents.$inferInsert;
export type AgentChanges = Partial<Omit<NewAgent, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>>;
export type AgentListRow = AgentRow & { ownerName: string };

export interface AgentFilter {
  /** Own agents, or the published ones of everyone. */
  scope: { ownerId: string } | { publicOnly: true };
  keyword?: string;
  /** Any of these tag names. */
  tags?: string[];
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const listColumns = {
  ...getTableColumns(agents),
  // The user module's table, read by name: modules import each other's tables only for foreign keys.
  ownerName: sql<string>`(select coalesce(nullif(u.nick_name, ''), u.user_name) from users u where u.id = "agents"."owner_id")`,
};

function filterOf({ scope, keyword, tags }: AgentFilter): SQL | undefined {
  return and(
    'ownerId' in scope ? eq(agents.ownerId, scope.ownerId) : eq(agents.isPublic, true),
    keyword ? or(ilike(agents.name, likePattern(keyword)), ilike(agents.description, likePattern(keyword))) : undefined,
    tags?.length ? arrayOverlaps(agents.tags, tags) : undefined,
  );
}

export async function listAgents(db: Db, filter: AgentFilter, offset: number, limit: number): Promise<{ total: number; rows: AgentListRow[] }> {
  const where = filterOf(filter);
  const [total] = await db.select({ n: count() }).from(agents).where(where);
  const rows = await db.select(listColumns).from(agents).where(where).orderBy(desc(agents.createdAt), desc(agents.id)).offset(offset).limit(limit);
  return { total: total?.n ?? 0, rows };
}

export async function findAgentListRow(db: Db, id: string): Promise<AgentListRow | undefined> {
  return (await db.select(listColumns).from(agents).where(eq(agents.id, id)).limit(1))[0];
}

export async function insertAgent(db: Db, agent: NewAgent): Promise<AgentRow> {
  return (await db.insert(agents).values(agent).returning())[0]!;
}

export async function updateAgent(db: Db, id: string, changes: AgentChanges): Promise<AgentRow | undefined> {
  return (await db.update(agents).set({ ...changes, updatedAt: new Date() }).where(eq(agents.id, id)).returning())[0];
}

export async function deleteAgent(db: Db, id: string): Promise<boolean> {
  return (await db.delete(agents).where(eq(agents.id, id)).returning({ id: agents.id })).length > 0;
}

/** Names of the agents that chat with a model. */
export async function agentNamesUsingModel(db: Db, llmName: string): Promise<string[]> {
  const rows = await db.select({ name: agents.name }).from(agents).where(eq(sql`lower(${agents.llmName})`, llmName.toLowerCase()));
  return rows.map((row) => row.name);
}

/** Names of the agents that search a knowledge base. */
export async function agentNamesUsingKb(db: Db, kbId: string): Promise<string[]> {
  const rows = await db.select({ name: agents.name }).from(agents).where(arrayOverlaps(agents.kbIds, [kbId]));
  return rows.map((row) => row.name);
}

export async function countAgentsByOwner(db: Db, ownerIds: string[]): Promise<Map<string, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db.select({ ownerId: agents.ownerId, n: count() }).from(agents).where(inArray(agents.ownerId, ownerIds)).groupBy(agents.ownerId);
  return new Map(rows.map((row) => [row.ownerId, row.n]));
}
