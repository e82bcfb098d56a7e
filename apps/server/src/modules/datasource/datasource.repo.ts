import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../platform/db/index.js';
import { isAdmin, type Viewer } from '../../core/index.js';
import { dbConnections, dbTableNotes } from './datasource.tables.js';

export type ConnectionRow = typeof dbConnections.$inferSelect;
export type NewConnection = typeof dbConnections.$inferInsert;
export type ConnectionChanges = Partial<Omit<NewConnection, 'id' | 'ownerId' | 'dbType' | 'createdAt' | 'updatedAt'>>;
export type ConnectionListRow = ConnectionRow & { ownerName: string; ownerIsAdmin: boolean };
export type TableNoteRow = typeof dbTableNotes.$inferSelect;

/** Own, public, or naming the viewer in the access list; administrators see every datasource. */
export function usableWhere(viewer: Viewer): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  return or(eq(dbConnections.ownerId, viewer.id), eq(dbConnections.isPublic, true), sql`${viewer.id}::uuid = any(${dbConnections.accessUserIds})`);
}

export interface ConnectionFilter {
  scope: { ownerId: string } | { usableBy: Viewer };
  keyword?: string;
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const listColumns = {
  id: dbConnections.id,
  ownerId: dbConnections.ownerId,
  name: dbConnections.name,
  description: dbConnections.description,
  dbType: dbConnections.dbType,
  host: dbConnections.host,
  port: dbConnections.port,
  databaseName: dbConnections.databaseName,
  schemaName: dbConnections.schemaName,
  userName: dbConnections.userName,
  passwordSealed: dbConnections.passwordSealed,
  sslMode: dbConnections.sslMode,
  sslCa: dbConnections.sslCa,
  isPublic: dbConnections.isPublic,
  accessUserIds: dbConnections.accessUserIds,
  createdAt: dbConnections.createdAt,
  updatedAt: dbConnections.updatedAt,
  // The user module's table, read by name: modules import each other's tables only for foreign keys.
  ownerName: sql<string>`(select coalesce(nullif(u.nick_name, ''), u.user_name) from users u where u.id = "db_connections"."owner_id")`,
  // An administrator's datasource may be on a private address; a user's only on an allow-listed one.
  ownerIsAdmin: sql<boolean>`exists (select 1 from users u where u.id = "db_connections"."owner_id" and u.role = 'admin')`,
};

function filterOf({ scope, keyword }: ConnectionFilter): SQL | undefined {
  return and(
    'ownerId' in scope ? eq(dbConnections.ownerId, scope.ownerId) : usableWhere(scope.usableBy),
    keyword ? or(ilike(dbConnections.name, likePattern(keyword)), ilike(dbConnections.description, likePattern(keyword))) : undefined,
  );
}

export async function countConnections(db: Db, filter: ConnectionFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dbConnections).where(filterOf(filter));
  return row?.n ?? 0;
}

export async function listConnections(db: Db, filter: ConnectionFilter, offset: number, limit: number): Promise<ConnectionListRow[]> {
  return db.select(listColumns).from(dbConnections).where(filterOf(filter)).orderBy(desc(dbConnections.createdAt), desc(dbConnections.id)).offset(offset).limit(limit);
}

/** Every datasource (the health page asks each). */
export async function listAllConnections(db: Db, limit: number): Promise<ConnectionListRow[]> {
  return db.select(listColumns).from(dbConnections).orderBy(asc(dbConnections.name)).limit(limit);
}

export async function findConnection(db: Db, id: string): Promise<ConnectionListRow | undefined> {
  return (await db.select(listColumns).from(dbConnections).where(eq(dbConnections.id, id)).limit(1))[0];
}

/** `undefined` when the owner already has a datasource of that name. */
export async function insertConnection(db: Db, connection: NewConnection): Promise<ConnectionRow | undefined> {
  return (await db.insert(dbConnections).values(connection).onConflictDoNothing().returning())[0];
}

export async function updateConnection(db: Db, id: string, changes: ConnectionChanges): Promise<ConnectionRow | undefined> {
  return (
    await db
      .update(dbConnections)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(dbConnections.id, id))
      .returning()
  )[0];
}

/** Whether data assets are built on the datasource (the data-asset module's table, read by name). */
export async function hasAssets(db: Db, id: string): Promise<boolean> {
  const [row] = await selectRows<{ used: boolean }>(db, sql`select exists (select 1 from db_assets where connection_id = ${id}) as used`);
  return row?.used === true;
}

export async function deleteConnection(db: Db, id: string): Promise<boolean> {
  return (await db.delete(dbConnections).where(eq(dbConnections.id, id)).returning({ id: dbConnections.id })).length > 0;
}

/** The users named in an access list that still exist, in the list's order. */
export async function findUsersByIds(db: Db, ids: string[]): Promise<Array<{ id: string; user_name: string; nick_name: string }>> {
  if (ids.length === 0) return [];
  const rows = await selectRows<{ id: string; user_name: string; nick_name: string }>(
    db,
    sql`select id, user_name, coalesce(nick_name, '') as nick_name from users where id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listTableNotes(db: Db, connectionId: string, tableName?: string): Promise<TableNoteRow[]> {
  return db
    .select()
    .from(dbTableNotes)
    .where(and(eq(dbTableNotes.connectionId, connectionId), tableName ? eq(dbTableNotes.tableName, tableName) : undefined))
    .orderBy(dbTableNotes.tableName);
}

export async function findTableNote(db: Db, id: string): Promise<TableNoteRow | undefined> {
  return (await db.select().from(dbTableNotes).where(eq(dbTableNotes.id, id)).limit(1))[0];
}

/** `undefined` when the table already has notes. */
export async function insertTableNote(db: Db, note: typeof dbTableNotes.$inferInsert): Promise<TableNoteRow | undefined> {
  return (await db.insert(dbTableNotes).values(note).onConflictDoNothing().returning())[0];
}

export async function updateTableNote(db: Db, id: string, changes: { description?: string; notes?: Record<string, unknown> }): Promise<TableNoteRow | undefined> {
  return (
    await db
      .update(dbTableNotes)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(dbTableNotes.id, id))
      .returning()
  )[0];
}

export async function deleteTableNote(db: Db, id: string): Promise<boolean> {
  return (await db.delete(dbTableNotes).where(eq(dbTableNotes.id, id)).returning({ id: dbTableNotes.id })).length > 0;
}
