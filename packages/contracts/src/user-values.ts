/** The user contract's plain values, free of zod so the web can import them without it. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

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
  multi_agents: '多智能体',
  knowledge_bases: '知识库',
  files: '文件',
  models: '模型',
  tools: '工具',
  services: '服务',
};
