/** The audit log's plain values, free of zod so the web can import them without it. */
export const AUDIT_ACTION_LABELS = {
  'user.login': '登录',
  'user.login_failed': '登录失败',
  'user.approve': '通过账号审核',
  'user.reject': '拒绝账号注册',
  'user.delete': '删除账号',
  'user.role': '修改角色',
  'property.create': '新增系统属性',
  'property.update': '修改系统属性',
  'property.delete': '删除系统属性',
  'property.batch_update': '批量修改系统属性',
  'sms.test_send': '发送测试验证码',
  'agent.publish': '发布智能体',
  'agent.withhold': '撤回智能体',
  'agent.delete': '删除智能体',
  'ma.publish': '发布多智能体',
  'ma.withhold': '撤回多智能体',
  'ma.delete': '删除多智能体',
  'kb.publish': '发布知识库',
  'kb.withhold': '撤回知识库',
  'kb.delete': '删除知识库',
  'llm.delete': '删除模型',
  'tool.delete': '删除工具',
  'service.delete': '删除服务',
  'datasource.delete': '删除数据源',
  'api_key.create': '创建 API 密钥',
  'api_key.revoke': '吊销 API 密钥',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

/** One line of the audit log as `/system/audit/list` answers it. */
export interface AuditEntry {
  id: string;
  action: AuditAction;
  /** Null for a failed sign-in with an unknown name, or an account deleted since. */
  actor_id: string | null;
  /** The name the actor signed in with, as it was then. */
  actor_name: string;
  target_kind: string | null;
  target_id: string | null;
  target_name: string | null;
  /** What changed, when the target alone does not say (the codes of a batch, the new role). */
  detail: string | null;
  address: string;
  created_at: string;
}
