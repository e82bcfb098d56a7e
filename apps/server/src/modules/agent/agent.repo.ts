import { and, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../platform/db/index.js';
import { storedAgentTags, storedQuestions, storedServiceRefs } from './agent-stored.js';
import { agents } from './agent.tables.js';
import { taggedWithAny } from '../tag/index.js';

export type AgentRow = typeof agents.$inferSelect;
export type NewAgent = typeof agents.$inferInsert;
export type AgentChanges = Partial<Omit<NewAgent, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>>;
export type AgentListRow = AgentRow & { ownerName: string };

/** A row as read: its lists through their schemas (its objects are read by the mapper). */
const readAgent = <R extends AgentRow>(row: R): R => ({
  ...row,
  suggestedQuestions: storedQuestions.read(row.suggestedQuestions),
  services: storedServiceRefs.read(row.services),
  tags: storedAgentTags.read(row.tags),
});

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
    tags?.length ? taggedWithAny(agents.tags, tags) : undefined,
  );
}

export async function listAgents(db: Db, filter: AgentFilter, offset: number, limit: number): Promise<{ total: number; rows: AgentListRow[] }> {
  const where = filterOf(filter);
  const [total] = await db.select({ n: count() }).from(agents).where(where);
  const rows = await db.select(listColumns).from(agents).where(where).orderBy(desc(agents.createdAt), desc(agents.id)).offset(offset).limit(limit);
  return { total: total?.n ?? 0, rows: rows.map(readAgent) };
}

export async function findAgentListRow(db: Db, id: string): Promise<AgentListRow | undefined> {
  const [row] = await db.select(listColumns).from(agents).where(eq(agents.id, id)).limit(1);
  return row && readAgent(row);
}

export async function insertAgent(db: Db, agent: NewAgent): Promise<AgentRow> {
  return readAgent((await db.insert(agents).values(agent).returning())[0]!);
}

export async function updateAgent(db: Db, id: string, changes: AgentChanges): Promise<AgentRow | undefined> {
  const [row] = await db
    .update(agents)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(agents.id, id))
    .returning();
  return row && readAgent(row);
}

export async function deleteAgent(db: Db, id: string): Promise<boolean> {
  return (await db.delete(agents).where(eq(agents.id, id)).returning({ id: agents.id })).length > 0;
}

/** Names of the agents that chat with a model. */
/** One agent referring to a target: a model's lower-case name, a knowledge base, tool or service id. */
export interface AgentEdgeRow {
  id: string;
  name: string;
  ownerId: string;
  target: string;
}

/** Agents chatting with these models (lower-case names), or with any model. */
export function agentsUsingModels(db: Db, names?: string[]): Promise<AgentEdgeRow[]> {
  const target = sql<string>`lower(${agents.llmName})`;
  return db
    .select({ id: agents.id, name: agents.name, ownerId: agents.ownerId, target })
    .from(agents)
    .where(names && inArray(target, names));
}

const ELEMENTS = {
  kb: sql`unnest(a.kb_ids) as t(target)`,
  tool: sql`unnest(a.tool_ids) as t(target)`,
  service: sql`(select ref->>'service_id' from jsonb_array_elements(a.services) as s(ref)) as t(target)`,
};

/** Agents searching these knowledge bases, calling these tools or services (or any, without targets). */
export function agentsUsing(db: Db, what: keyof typeof ELEMENTS, targets?: string[]): Promise<AgentEdgeRow[]> {
  const filter = targets ? sql`where ${inArray(sql`t.target`, targets)}` : sql``;
  return selectRows<AgentEdgeRow>(db, sql`select a.id, a.name, a.owner_id as "ownerId", t.target from agents a cross join lateral ${ELEMENTS[what]} ${filter}`);
}

export async function countAgentsByOwner(db: Db, ownerIds: string[]): Promise<Map<string, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db.select({ ownerId: agents.ownerId, n: count() }).from(agents).where(inArray(agents.ownerId, ownerIds)).groupBy(agents.ownerId);
  return new Map(rows.map((row) => [row.ownerId, row.n]));
}
