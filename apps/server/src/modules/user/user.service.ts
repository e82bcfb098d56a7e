import {
  REGISTER_REVIEW_PROPERTY,
  USER_SEARCH_MAX,
  type ListUsersBody,
  type LoginBody,
  type Page,
  type RegisterBody,
  type UpdateUserInfoBody,
  type UserBrief,
  type UserInfo,
  type UserRole,
} from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { AppError, type AuthUser, badInput, forbidden, notFound } from '../../core/index.js';
import { hashPassword, verifyPassword } from '../../platform/security/index.js';
import type { SmsService } from '../sms/index.js';
import type { SystemService } from '../system/index.js';
import type { LoginThrottle } from './login-throttle.service.js';
import type { SessionService } from './session.service.js';
import { toUserInfo } from './user.mapper.js';
import * as repo from './user.repo.js';

/** Serialises the few writes that must see a stable set of administrators. */
const ADMIN_LOCK = 7_270_002;
const lockAdmins = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`);

export interface UserServiceDeps {
  db: Db;
  sessions: SessionService;
  throttle: LoginThrottle;
  sms: SmsService;
  system: SystemService;
}

export type UserService = ReturnType<typeof createUserService>;

export function createUserService({ db, sessions, throttle, sms, system }: UserServiceDeps) {
  async function getUserRow(id: string) {
    const row = await repo.findUserById(db, id);
    if (!row) throw notFound('用户');
    return row;
  }

  return {
    /** The first account becomes an active administrator; later ones may wait for review. */
    async register(body: RegisterBody): Promise<UserInfo> {
      const taken = () => new AppError('USER_NAME_TAKEN', `用户名 ${body.user_name} 已被注册`);
      if (await repo.findUserByName(db, body.user_name)) throw taken();
      if (await sms.isEnabled()) {
        if (!body.yzm) throw badInput('参数 yzm 不合法：请输入验证码');
        await sms.consumeCode(body.phone, body.yzm);
      }
      const review = await system.isEnabled(REGISTER_REVIEW_PROPERTY);
      const passwordHash = await hashPassword(body.password);
      const created = await db.transaction(async (tx) => {
        await lockAdmins(tx);
        const first = (await repo.countUsers(tx)) === 0;
        return repo.insertUser(tx, {
          userName: body.user_name,
          nickName: body.nick_name,
          phone: body.phone,
          passwordHash,
          role: first ? 'admin' : 'user',
          status: first || !review ? 'active' : 'pending',
        });
      });
      if (!created) throw taken();
      return toUserInfo(created);
    },

    async login({ user_name, password }: LoginBody, ip: string): Promise<{ token: string }> {
      const attempt = await throttle.reserve(user_name, ip);
      const user = await repo.findUserByName(db, user_name);
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
        await attempt.failed();
        throw new AppError('BAD_CREDENTIALS', '用户名或密码错误');
      }
      await attempt.succeeded();
      if (user.status === 'pending') throw new AppError('ACCOUNT_PENDING', '当前账号尚未审核，请联系管理员审核后登录');
      if (user.status === 'rejected') throw forbidden('账号审核未通过，请联系管理员');
      return { token: await sessions.openSession(user.id) };
    },

    logout: (user: AuthUser) => sessions.closeSession(user),

    async updateUserInfo(user: AuthUser, body: UpdateUserInfoBody): Promise<UserInfo> {
      let passwordHash: string | undefined;
      if (body.new_password) {
        const row = await getUserRow(user.id);
        if (!(await verifyPassword(row.passwordHash, body.old_password ?? ''))) throw badInput('原密码不正确');
        passwordHash = await hashPassword(body.new_password);
      }
      const row = await db.transaction(async (tx) => {
        // A new password signs out every other device; this one keeps its session.
        if (passwordHash) await sessions.closeOtherSessions(user, tx);
        return repo.updateUser(tx, user.id, { nickName: body.nick_name, phone: body.phone, passwordHash });
      });
      if (!row) throw notFound('用户');
      await sessions.userChanged(user.id);
      return toUserInfo(row);
    },

    async listUsers({ page, page_size, keyword, status }: ListUsersBody): Promise<Page<UserInfo>> {
      const { total, rows } = await repo.listUsers(db, { keyword, status }, (page - 1) * page_size, page_size);
      const locks = await throttle.lockedUntilByName(rows.map((row) => row.userName));
      const list = rows.map((row) => {
        const lockedUntil = locks.get(row.userName.toLowerCase());
        return lockedUntil ? { ...toUserInfo(row), locked_until: lockedUntil.toISOString() } : toUserInfo(row);
      });
      return { total, list };
    },

    /** People to put on an access list, for anyone signed in: names only, active accounts only, a few at a time. */
    async searchUsers(keyword: string): Promise<UserBrief[]> {
      const rows = await repo.searchActiveUsers(db, keyword, USER_SEARCH_MAX);
      return rows.map((row) => ({ id: row.id, user_name: row.userName, nick_name: row.nickName }));
    },

    /** Lifts a sign-in lock at once (someone else's wrong passwords must not keep a person out). */
    async unlockUser(userId: string): Promise<void> {
      await throttle.unlock((await getUserRow(userId)).userName);
    },

    async reviewUser(userId: string, approve: boolean): Promise<UserInfo> {
      const row = await getUserRow(userId);
      if (row.role === 'admin') throw forbidden('管理员账号无需审核');
      const updated = await db.transaction(async (tx) => {
        if (!approve) await sessions.closeAllSessions(userId, tx);
        return repo.updateUser(tx, userId, { status: approve ? 'active' : 'rejected' });
      });
      if (!updated) throw notFound('用户');
      await sessions.userChanged(userId);
      return toUserInfo(updated);
    },

    /** Makes an active account an administrator or takes that away; never one's own role, never the last administrator's. */
    async updateRole(actor: AuthUser, userId: string, role: UserRole): Promise<UserInfo> {
      if (actor.id === userId) throw forbidden('不能修改自己的角色');
      const updated = await db.transaction(async (tx) => {
        await lockAdmins(tx);
        const row = await repo.findUserById(tx, userId);
        if (!row) throw notFound('用户');
        if (row.status !== 'active') throw forbidden('账号尚未通过审核，不能修改角色');
        if (row.role === 'admin' && role !== 'admin' && (await repo.countAdmins(tx)) <= 1) throw forbidden('不能取消最后一个管理员');
        return repo.updateUser(tx, userId, { role });
      });
      if (!updated) throw notFound('用户');
      await sessions.userChanged(userId);
      return toUserInfo(updated);
    },

    async deleteUser(actor: AuthUser, userId: string): Promise<void> {
      if (actor.id === userId) throw forbidden('不能删除自己的账号');
      await db.transaction(async (tx) => {
        await lockAdmins(tx);
        const row = await repo.findUserById(tx, userId);
        if (!row) throw notFound('用户');
        if (row.role === 'admin' && (await repo.countAdmins(tx)) <= 1) throw forbidden('不能删除最后一个管理员');
        await repo.deleteUser(tx, userId); // sessions go with it (foreign key cascade)
      });
      await sessions.userChanged(userId);
    },
  };
}
