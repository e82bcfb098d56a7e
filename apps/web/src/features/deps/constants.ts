import type { DepStatus, TopologyKind } from '@agent-platform/contracts';

export { DEPS_TITLE } from './titles';

export const DEPS_TEXT = {
  description: '平台依赖的数据库、存储、模型、服务和后台进程是否正常，以及谁依赖谁',
  healthTab: '健康状态',
  topologyTab: '拓扑',
  refresh: '刷新',
  checkedAt: (time: string) => `检查于 ${time}`,
  cachedNote: '模型、MCP 服务和数据源每分钟最多探测一次',
  allUp: '所有依赖运行正常',
  problems: (down: number, degraded: number) => [down > 0 ? `${down} 项故障` : '', degraded > 0 ? `${degraded} 项告警` : ''].filter(Boolean).join('，'),
  name: '名称',
  status: '状态',
  latency: '耗时',
  error: '最近错误',
  details: '详情',
  checked: '检查时间',
  noError: '—',
  loadFailed: '依赖状态加载失败',
  topologyFailed: '拓扑加载失败',
  retry: '重试',
  yes: '是',
  no: '否',
} as const;

export const TOPOLOGY_TEXT = {
  kinds: '类型',
  owner: '所有者',
  tag: '标签',
  find: '查找节点',
  allKinds: '全部类型',
  anyOwner: '全部所有者',
  anyTag: '全部标签',
  noOwner: '无所有者',
  empty: '没有符合条件的节点',
  hint: '点击一个节点，查看直接和间接依赖它的全部对象',
  clear: '取消选择',
  broken: '依赖检查发现故障',
  legendBroken: '依赖检查发现故障',
  legendBlocks: '使用中（被使用者不能删除）',
  legendUses: '引用',
  hiddenByFilter: (count: number) => `其中 ${count} 个被筛选条件隐藏`,
  zoomIn: '放大',
  zoomOut: '缩小',
  zoomReset: '恢复 100%',
} as const;

export const TOPOLOGY_KIND_LABELS: Record<TopologyKind, string> = {
  multi_agent: '多智能体',
  agent: '智能体',
  model: '模型',
  tool: '工具',
  service: 'MCP 服务',
  knowledge_base: '知识库',
  data_asset: '数据资产',
  datasource: '数据源',
};

/** Antd tag colours per status. */
export const DEP_STATUS_COLORS: Record<DepStatus, string> = { up: 'success', degraded: 'warning', down: 'error', off: 'default' };
