import { z } from 'zod';
import { id, optionalText, pageQuery, phone, requiredText } from './fields.js';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

const password = (label: string) =>
  requiredText(label, PASSWORD_MAX).min(PASSWORD_MIN, `${label}至少 ${PASSWORD_MIN} 位`);

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

export const USER_ROLES = ['admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_STATUSES = ['active', 'pending', 'rejected'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: '正常',
  pending: '待审核',
  rejected: '已拒绝',
};
export const USER_ROLE_LABELS: Record<UserRole, string> = { admin: '管理员', user: '普通用户' };

export const userInfo = z.object({
  id: z.string(),
  user_name: z.string(),
  nick_name: z.string(),
  phone: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
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

export const deleteUserBody = z.object({ user_id: id('用户 id') });
export type DeleteUserBody = z.infer<typeof deleteUserBody>;

export const usageStatsBody = pageQuery.extend({ keyword: optionalText('关键词', 64) });
export type UsageStatsBody = z.infer<typeof usageStatsBody>;

export interface ModelTokenUsage {
  model: string;
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface UserUsage {
  user_id: string;
  user_name: string;
  nick_name: string;
  role: UserRole;
  status: UserStatus;
  /** Counts of what the user owns, by kind (agents, knowledge bases, conversations, messages, …). */
  counts: Record<string, number>;
  tokens: ModelTokenUsage[];
}

/** Labels for the `counts` keys, for the usage table. */
export const OWNED_COUNT_LABELS: Record<string, string> = {
  conversations: '会话',
  messages: '消息',
  agents: '智能体',
  knowledge_bases: '知识库',
  files: '文件',
  models: '模型',
  tools: '工具',
  services: '服务',
};
