export const SYSTEM_TITLES = { account: '账号管理' } as const;

export const ACCOUNT_ADMIN_TEXT = {
  description: '审核新注册的账号，查看每个账号的资源与模型用量',
  usersTab: '账号列表',
  usageTab: '用量统计',
  searchPlaceholder: '搜索用户名、昵称或手机号',
  usageSearchPlaceholder: '搜索用户名或昵称',
  allStatuses: '全部状态',
  actions: '操作',
  approve: '通过',
  reject: '拒绝',
  usage: '用量',
  unlock: '解锁',
  lockedUntil: (time: string) => `登录已锁定至 ${time}`,
  rejectConfirm: '确定拒绝该账号的注册申请吗？',
  deleteConfirm: '确定删除该账号吗？',
  deleteConfirmDescription: '删除后该账号将无法登录，此操作不可恢复。',
  selfHint: '不能删除当前登录的账号',
  user: '用户',
  resources: '资源',
  calls: '调用次数',
  totalTokens: '总词元',
  model: '模型',
  promptTokens: '输入词元',
  completionTokens: '输出词元',
  noTokens: '暂无模型调用记录',
  noUsage: '暂无用量数据',
  usageOf: (name: string) => `用量统计：${name}`,
  close: '关闭',
} as const;

export const ACCOUNT_ADMIN_TOAST = {
  approved: '已通过审核',
  rejected: '已拒绝该账号',
  deleted: '删除成功',
  unlocked: '已解除登录锁定',
  failed: '操作失败',
} as const;

export const STATUS_TAG_COLORS = { active: 'success', pending: 'warning', rejected: 'error' } as const;

export const USAGE_MODAL_KEY = 'system.account.usage';
