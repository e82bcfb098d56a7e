import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import { storedList, type Viewer, visibleWhere } from '../../core/index.js';
import { mcpServices } from './mcp.tables.js';
import { taggedWithAny } from '../tag/index.js';

export type McpServiceRow = typeof mcpServices.$inferSelect;
/** A service as a catalog uses it: whether its owner is an administrator decides what its address may reach. */
export type CallableServiceRow = McpServiceRow & { ownerIsAdmin: boolean };
export type NewMcpService = typeof mcpServices.$inferInsert;
export type McpServiceChanges = Partial<Omit<NewMcpService, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>>;

const storedArgs = storedList('service args', z.string());
const storedServiceTags = storedList('service tags', z.string());
/** A row as read: its lists through their schemas (its sealed maps are opened by the catalog). */
const readService = (row: McpServiceRow): McpServiceRow => ({ ...row, args: storedArgs.read(row.args), tags: storedServiceTags.read(row.tags) });

export interface ServiceFilter {
  /** Which rows: all the viewer may use, only theirs, or only public ones. */
  scope: 'usable' | 'mine' | 'public';
  keyword?: string;
  /** Any of these tag names. */
  tags?: string[];
}

function filterOf(viewer: Viewer, { scope, keyword, tags }: ServiceFilter): SQL | undefined {
  const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    scope === 'usable' ? visibleWhere(viewer, mcpServices) : undefined,
    scope === 'mine' ? eq(mcpServices.ownerId, viewer.id) : undefined,
    scope === 'public' ? eq(mcpServices.isPublic, true) : undefined,
    pattern ? or(ilike(mcpServices.name, pattern), ilike(mcpServices.description, pattern)) : undefined,
    tags?.length ? taggedWithAny(mcpServices.tags, tags) : undefined,
  );
}

export async function listServices(db: Db, viewer: Viewer, filter: ServiceFilter, offset: number, limit: number) {
  const where = filterOf(viewer, filter);
  const [total] = await db.select({ n: count() }).from(mcpServices).where(where);
  const rows = await db.select().from(mcpServices).where(where).orderBy(desc(mcpServices.createdAt), desc(mcpServices.id)).offset(offset).limit(limit);
  return { total: total?.n ?? 0, rows: rows.map(readService) };
}

const callableColumns = {
  ...getTableColumns(mcpServices),
  ownerIsAdmin: sql<boolean>`exists (select 1 from users u where u.id = "mcp_services"."owner_id" and u.role = 'admin')`,
};

export async function findServiceById(db: Db, id: string): Promise<CallableServiceRow | undefined> {
  const rows = await db.select(callableColumns).from(mcpServices).where(eq(mcpServices.id, id)).limit(1);
  return rows[0] && { ...readService(rows[0]), ownerIsAdmin: rows[0].ownerIsAdmin };
}

/** Every service, oldest name first (the health page asks each). */
export async function listAllServices(db: Db, limit: number): Promise<CallableServiceRow[]> {
  const rows = await db.select(callableColumns).from(mcpServices).orderBy(asc(mcpServices.name)).limit(limit);
  return rows.map((row) => ({ ...readService(row), ownerIsAdmin: row.ownerIsAdmin }));
}

export async function insertService(db: Db, service: NewMcpService): Promise<McpServiceRow> {
  const rows = await db.insert(mcpServices).values(service).returning();
  return readService(rows[0]!);
}

export async function updateService(db: Db, id: string, changes: McpServiceChanges, touch = true): Promise<McpServiceRow | undefined> {
  const rows = await db
    .update(mcpServices)
    .set(touch ? { ...changes, updatedAt: new Date() } : changes)
    .where(eq(mcpServices.id, id))
    .returning();
  return rows[0] && readService(rows[0]);
}

/** The outcome of a listing, only if the config it used is still the current one. */
export async function recordStatus(db: Db, id: string, version: number, changes: Pick<McpServiceChanges, 'status' | 'statusMessage' | 'checkedAt' | 'functionCount'>) {
  await db
    .update(mcpServices)
    .set(changes)
    .where(and(eq(mcpServices.id, id), eq(mcpServices.configVersion, version)));
}

export async function deleteService(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(mcpServices).where(eq(mcpServices.id, id)).returning({ id: mcpServices.id });
  return rows.length > 0;
}
