import { z } from 'zod';
import { id, optionalText, pageQuery, phone, requiredText } from './fields.js';
import { PASSWORD_MAX, PASSWORD_MIN, USER_ROLES, USER_STATUSES } from './user-values.js';

const password = (label: string) => requiredText(label, PASSWORD_MAX).min(PASSWORD_MIN, `${label}至少 ${PASSWORD_MIN} 位`);

export const loginBody = z.object({
  user_name: requiredText('用户名', 64),
  password: z
    .string({ error: (issue) => (issue.input === undefined ? '请输入密码' : '密码必须是文本') })
    .min(1, '请输入密码')
    .max(PASSWORD_MAX, `密码不能超过 ${PASSWORD_MAX} 个字符`),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  user_name: requiredText('用户名', 64).regex(/^[\p{L}\p{N}_.@-]+$/u, '用户名只能包含文字、数字和 _ . @ -'),
  password: password('密码'),
  nick_name: requiredText('昵称', 64),
  phone,
  yzm: z.string({ error: '验证码必须是文本' }).trim().max(6, '验证码为 6 位数字').optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const userInfo = z.object({
  id: z.string(),
  user_name: z.string(),
  nick_name: z.string(),
  phone: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
  /** In the administrators' list only: until when sign-in is locked after failed attempts. */
  locked_until: z.string().optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const updateUserInfoBody = z
  .object({
    nick_name: requiredText('昵称', 64).optional(),
    phone: phone.optional(),
    old_password: z.string({ error: '原密码必须是文本' }).max(PASSWORD_MAX).optional(),
    new_password: password('新密码').optional(),
  })
  .refine((body) => !body.new_password || !!body.old_password, {
    message: '修改密码需要填写原密码',
    path: ['old_password'],
  });
export type UpdateUserInfoBody = z.infer<typeof updateUserInfoBody>;

export const listUsersBody = pageQuery.extend({
  keyword: optionalText('关键词', 64),
  status: z.enum(USER_STATUSES, { error: '状态只能是 active、pending 或 rejected' }).optional(),
});
export type ListUsersBody = z.infer<typeof listUsersBody>;

export const reviewUserBody = z.object({
  user_id: id('用户 id'),
  approve: z.boolean({ error: 'approve 必须是 true 或 false' }),
});
export type ReviewUserBody = z.infer<typeof reviewUserBody>;

export const unlockUserBody = z.object({ user_id: id('用户 id') });
export type UnlockUserBody = z.infer<typeof unlockUserBody>;

export const deleteUserBody = z.object({ user_id: id('用户 id') });
export type DeleteUserBody = z.infer<typeof deleteUserBody>;

/** The most people one `/user/search_users` call answers. */
export const USER_SEARCH_MAX = 20;

/** `/user/search_users`: people to share something with (an access list), found by user name or nickname. */
export const searchUsersBody = z.object({ keyword: requiredText('关键词', 64) });
export type SearchUsersBody = z.infer<typeof searchUsersBody>;

/** A person as pickers and access lists show them: never the phone, role or status. */
export interface UserBrief {
  id: string;
  user_name: string;
  nick_name: string;
}

export const updateUserRoleBody = z.object({
  user_id: id('用户 id'),
  role: z.enum(USER_ROLES, { error: '角色只能是 admin 或 user' }),
});
export type UpdateUserRoleBody = z.infer<typeof updateUserRoleBody>;

export const usageStatsBody = pageQuery.extend({ keyword: optionalText('关键词', 64) });
export type UsageStatsBody = z.infer<typeof usageStatsBody>;
