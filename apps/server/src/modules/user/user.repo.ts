import type { UserRole, UserStatus } from '@agent-platform/contracts';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { users } from './user.tables.js';

export type UserRow = typeof users.$inferSelect;

export const userColumns = {
  id: users.id,
  userName: users.userName,
  nickName: users.nickName,
  phone: users.phone,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
};
export type UserPublicRow = Pick<UserRow, keyof typeof userColumns>;

export async function findUserByName(db: Db, userName: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.userName})`, userName.toLowerCase()))
    .limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}

export interface NewUser {
  userName: string;
  nickName: string;
  phone: string;
  passwordHash: string;
  role: UserRole;
  status: UserStatus;
}

/** Inserts unless the name is taken (case-insensitively); `undefined` means taken. */
export async function insertUser(db: Db, user: NewUser): Promise<UserPublicRow | undefined> {
  const rows = await db.insert(users).values(user).onConflictDoNothing().returning(userColumns);
  return rows[0];
}

export async function updateUser(db: Db, id: string, changes: Partial<Pick<UserRow, 'nickName' | 'phone' | 'passwordHash' | 'status' | 'role'>>): Promise<UserPublicRow | undefined> {
  const rows = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(userColumns);
  return rows[0];
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export interface UserFilter {
  keyword?: string;
  status?: UserStatus;
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterOf({ keyword, status }: UserFilter): SQL | undefined {
  const pattern = keyword ? likePattern(keyword) : undefined;
  return and(status ? eq(users.status, status) : undefined, pattern ? or(ilike(users.userName, pattern), ilike(users.nickName, pattern), ilike(users.phone, pattern)) : undefined);
}

export async function listUsers(db: Db, filter: UserFilter, offset: number, limit: number): Promise<{ total: number; rows: UserPublicRow[] }> {
  const where = filterOf(filter);
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db.select(userColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).offset(offset).limit(limit);
  return { total: totalRow?.n ?? 0, rows };
}

/** Active users whose user name or nickname contains `keyword`: an exact user name first, then by name. */
export async function searchActiveUsers(db: Db, keyword: string, limit: number): Promise<Array<Pick<UserRow, 'id' | 'userName' | 'nickName'>>> {
  const pattern = likePattern(keyword);
  return db
    .select({ id: users.id, userName: users.userName, nickName: users.nickName })
    .from(users)
    .where(and(eq(users.status, 'active'), or(ilike(users.userName, pattern), ilike(users.nickName, pattern))))
    .orderBy(desc(sql`lower(${users.userName}) = ${keyword.toLowerCase()}`), users.userName)
    .limit(limit);
}
