import {
  deleteUserBody,
  listUsersBody,
  loginBody,
  registerBody,
  reviewUserBody,
  searchUsersBody,
  unlockUserBody,
  updateUserInfoBody,
  updateUserRoleBody,
  usageStatsBody,
  userInfo,
} from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { ROTATED_TOKEN_HEADER, route } from '../../platform/http/index.js';
import type { UserUsageService } from './user-usage.service.js';
import type { UserService } from './user.service.js';

/** The login and register screens call a second base path too. */
const SIGN_IN_BASES = ['/api', '/ai-sdk-api'];

export function userRoutes(app: FastifyInstance, users: UserService, usage: UserUsageService): void {
  route(app, {
    url: '/user/register/by_username',
    bases: SIGN_IN_BASES,
    access: 'public',
    body: registerBody,
    handler: ({ body }) => users.register(body),
  });
  route(app, {
    url: '/user/login/by_username',
    bases: SIGN_IN_BASES,
    access: 'public',
    body: loginBody,
    handler: ({ body, request }) => users.login(body, request.ip),
    audit: { action: 'user.login', refused: 'user.login_failed', actor: (body) => ({ id: null, name: body.user_name }) },
  });
  route(app, {
    url: '/user/logout',
    access: 'user',
    handler: ({ user, reply }) => {
      reply.removeHeader(ROTATED_TOKEN_HEADER); // a token rotated by this very call is closed with it
      return users.logout(user);
    },
  });
  route(app, { url: '/user/query_userinfo', access: 'user', response: userInfo, handler: ({ user }) => user });
  route(app, {
    url: '/user/update_userinfo',
    access: 'user',
    body: updateUserInfoBody,
    handler: ({ user, body }) => users.updateUserInfo(user, body),
  });
  route(app, {
    url: '/user/query_users_by_page',
    access: 'admin',
    body: listUsersBody,
    handler: ({ body }) => users.listUsers(body),
  });
  route(app, {
    url: '/user/search_users',
    access: 'user',
    body: searchUsersBody,
    handler: ({ body }) => users.searchUsers(body.keyword),
  });
  route(app, {
    url: '/user/review',
    access: 'admin',
    body: reviewUserBody,
    handler: ({ body }) => users.reviewUser(body.user_id, body.approve),
    audit: {
      action: (body) => (body.approve ? 'user.approve' : 'user.reject'),
      target: ({ body, result }) => ({ kind: 'user', id: body.user_id, name: result?.user_name }),
    },
  });
  route(app, {
    url: '/user/unlock',
    access: 'admin',
    body: unlockUserBody,
    handler: ({ body }) => users.unlockUser(body.user_id),
  });
  route(app, {
    url: '/user/update_role',
    access: 'admin',
    body: updateUserRoleBody,
    handler: ({ user, body }) => users.updateRole(user, body.user_id, body.role),
    audit: { action: 'user.role', target: ({ body, result }) => ({ kind: 'user', id: body.user_id, name: result?.user_name }), detail: ({ body }) => body.role },
  });
  route(app, {
    url: '/user/del_user',
    access: 'admin',
    body: deleteUserBody,
    handler: ({ user, body }) => users.deleteUser(user, body.user_id),
    audit: { action: 'user.delete', target: ({ body }) => ({ kind: 'user', id: body.user_id }) },
  });
  route(app, {
    url: '/user/stat_all_users_usage',
    access: 'admin',
    body: usageStatsBody,
    handler: ({ body }) => usage.listUsage(body),
  });
}
