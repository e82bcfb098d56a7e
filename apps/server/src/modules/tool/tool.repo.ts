import type { ToolKind } from '@agent-platform/contracts';
import { and, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../platform/db/index.js';
import { type Viewer, visibleWhere } from '../../core/index.js';
import { taggedWithAny } from '../tag/index.js';
import { storedInputSchema, storedToolTags } from './tool-stored.js';
import { tools } from './tool.tables.js';

export type ToolRow = typeof tools.$inferSelect;
export type NewTool = typeof tools.$inferInsert;
export type ToolChanges = Partial<Omit<NewTool, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>>;
export type ToolListRow = ToolRow & { ownerName: string; providerTitle: string | null };

/** A row as read: its input schema and tags through their schemas (its config is read by its kind's source). */
const readTool = <R extends ToolRow>(row: R): R => ({ ...row, inputSchema: storedInputSchema.read(row.inputSchema), tags: storedToolTags.read(row.tags) });
const readFirst = <R extends ToolRow>(rows: R[]): R | undefined => (rows[0] ? readTool(rows[0]) : undefined);

export interface ToolFilter {
  /** Own tools only, public ones only, or all the viewer may use. */
  scope: { ownerId: string } | { publicOnly: true } | { visibleTo: Viewer };
  kind?: ToolKind;
  /** Any of these tag names (`TagService.namesForFilter`). */
  tags?: string[];
  keyword?: string;
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const listColumns = {
  ...getTableColumns(tools),
  // The user module's table, read by name: modules import each other's tables only for foreign keys.
  ownerName: sql<string>`(select coalesce(nullif(u.nick_name, ''), u.user_name) from users u where u.id = "tools"."owner_id")`,
  providerTitle: sql<string | null>`(select p.title from tool_providers p where p.id = "tools"."provider_id")`,
};

function filterOf({ scope, kind, tags, keyword }: ToolFilter): SQL | undefined {
  return and(
    'ownerId' in scope ? eq(tools.ownerId, scope.ownerId) : 'publicOnly' in scope ? eq(tools.isPublic, true) : visibleWhere(scope.visibleTo, tools),
    kind ? eq(tools.kind, kind) : undefined,
    tags?.length ? taggedWithAny(tools.tags, tags) : undefined,
    keyword ? or(ilike(tools.name, likePattern(keyword)), ilike(tools.title, likePattern(keyword)), ilike(tools.description, likePattern(keyword))) : undefined,
  );
}

export async function countTools(db: Db, filter: ToolFilter): Promise<number> {
  const [total] = await db.select({ n: count() }).from(tools).where(filterOf(filter));
  return total?.n ?? 0;
}

export async function listTools(db: Db, filter: ToolFilter, offset: number, limit: number): Promise<ToolListRow[]> {
  const rows = await db.select(listColumns).from(tools).where(filterOf(filter)).orderBy(desc(tools.createdAt), desc(tools.id)).offset(offset).limit(limit);
  return rows.map(readTool);
}

export async function findToolListRow(db: Db, id: string): Promise<ToolListRow | undefined> {
  return readFirst(await db.select(listColumns).from(tools).where(eq(tools.id, id)).limit(1));
}

/** A tool set's operations, in the order they were imported. */
export async function listProviderTools(db: Db, providerId: string): Promise<ToolListRow[]> {
  const rows = await db.select(listColumns).from(tools).where(eq(tools.providerId, providerId)).orderBy(tools.createdAt, tools.name);
  return rows.map(readTool);
}

/** A tool set's visibility is its tools'. */
export async function setProviderToolsPublic(db: Db, providerId: string, isPublic: boolean): Promise<void> {
  await db.update(tools).set({ isPublic, updatedAt: new Date() }).where(eq(tools.providerId, providerId));
}

/** A stored tool as it runs: whether its owner is an administrator decides what addresses it may reach. */
export type RunnableToolRow = ToolRow & { ownerIsAdmin: boolean };

export async function findToolsByIds(db: Db, ids: string[]): Promise<RunnableToolRow[]> {
  if (ids.length === 0) return [];
  const columns = { ...getTableColumns(tools), ownerIsAdmin: sql<boolean>`exists (select 1 from users u where u.id = "tools"."owner_id" and u.role = 'admin')` };
  return (await db.select(columns).from(tools).where(inArray(tools.id, ids))).map(readTool);
}

/** `undefined` when the owner already has a tool of that name. */
export async function insertTool(db: Db, tool: NewTool): Promise<ToolRow | undefined> {
  const stored = { ...tool, inputSchema: storedInputSchema.write(tool.inputSchema) };
  return readFirst(await db.insert(tools).values(stored).onConflictDoNothing().returning());
}

export async function updateTool(db: Db, id: string, changes: ToolChanges): Promise<ToolRow | undefined> {
  const { inputSchema, ...rest } = changes;
  const stored = inputSchema === undefined ? rest : { ...rest, inputSchema: storedInputSchema.write(inputSchema) };
  return readFirst(
    await db
      .update(tools)
      .set({ ...stored, updatedAt: new Date() })
      .where(eq(tools.id, id))
      .returning(),
  );
}

export async function deleteTool(db: Db, id: string): Promise<boolean> {
  return (await db.delete(tools).where(eq(tools.id, id)).returning({ id: tools.id })).length > 0;
}

const CONFIG_TARGETS = {
  kb: sql`jsonb_array_elements_text(case when t.kind = 'llm/kb' then t.config->'kb_ids' else '[]'::jsonb end) as r(target)`,
  model: sql`(select lower(t.config->>'llm_name') where t.kind = 'llm/multimodal') as r(target)`,
  service: sql`(select t.config->>'service_id' where t.kind = 'service') as r(target)`,
  asset: sql`(select t.config->>'asset_id' where t.kind = 'llm/db') as r(target)`,
};

/** Stored tools whose config names these knowledge bases, models (lower-case names), services or data assets; without targets, all of them. */
export function toolsUsing(db: Db, what: keyof typeof CONFIG_TARGETS, targets?: string[]): Promise<Array<{ id: string; name: string; target: string }>> {
  const filter = targets ? sql`where ${inArray(sql`r.target`, targets)}` : sql`where r.target is not null`;
  return selectRows(db, sql`select t.id, t.title as name, r.target from tools t cross join lateral ${CONFIG_TARGETS[what]} ${filter}`);
}
