import type { McpServiceStatus } from '@agent-platform/contracts';

export const SERVICE_TITLES = { list: 'MCP 服务', create: '创建服务', edit: '编辑服务' } as const;

export const SERVICE_PATHS = {
  list: '/service',
  create: '/service/create',
  edit: (id: string) => `/service/edit/${encodeURIComponent(id)}`,
  tools: '/tool/service',
  /** The tool form with this function of the service chosen. */
  addTool: (serviceId: string, fn: string) => `/tool/create?kind=service&service_id=${encodeURIComponent(serviceId)}&function=${encodeURIComponent(fn)}`,
} as const;

export const SERVICE_LIST_TEXT = {
  description: '接入 MCP（Model Context Protocol）服务，把服务中的函数作为工具交给智能体使用',
  create: '创建服务',
  searchPlaceholder: '搜索服务名称或描述',
  tagFilter: '按标签筛选',
  allTags: '全部标签',
  functions: '函数',
  functionCount: (count: number | null) => (count === null ? '函数数未知' : `${count} 个函数`),
  listFunctions: '查看函数',
  edit: '编辑',
  publicBadge: '公开',
  privateBadge: '私有',
  checkedAt: '检测于',
  deleteConfirm: '确定删除该服务吗？',
  deleteConfirmDescription: '你的智能体还在使用时不能删除；其他用户的智能体和由该服务生成的工具将无法再调用它。此操作不可恢复。',
  empty: '还没有 MCP 服务，点击右上角「创建服务」开始',
  emptyFiltered: '没有符合条件的服务',
  noDescription: '暂无描述',
  noEditRight: '只有服务的创建者或管理员可以修改',
  stdioCommand: '命令',
  serviceTools: '服务工具',
} as const;

export const SERVICE_STATUS_TEXT: Record<McpServiceStatus, { label: string; color: string }> = {
  ok: { label: '连接正常', color: 'success' },
  error: { label: '连接失败', color: 'error' },
  unknown: { label: '未检测', color: 'default' },
};

export const SERVICE_FORM_TEXT = {
  basicSection: '基本信息',
  connectionSection: '连接配置',
  name: '服务名称',
  namePlaceholder: '例如 天气服务',
  nameRequired: '请输入服务名称',
  description: '描述',
  descriptionPlaceholder: '服务提供的能力（可选）',
  tags: '标签',
  tagsPlaceholder: '选择标签（可在「标签管理」中维护）',
  isPublic: '公开给所有用户',
  isPublicHint: '公开后其他用户的智能体也可以使用该服务的函数，但看不到请求头',
  transport: '传输方式',
  stdioAdminOnly: '本地命令（stdio）仅管理员可用，且命令须在管理员设置的允许列表中',
  url: '服务地址',
  urlPlaceholder: 'https://mcp.example.com/mcp',
  urlHintHttp: 'Streamable HTTP 服务的地址，通常以 /mcp 结尾',
  urlHintSse: '旧版 SSE 服务的地址，通常以 /sse 结尾',
  urlRequired: '请输入服务地址',
  urlPattern: '服务地址必须以 http:// 或 https:// 开头',
  headers: '请求头',
  headersHint: '例如 Authorization: Bearer xxx。已保存的值以掩码显示，不修改则保持不变',
  headerName: '名称',
  headerValue: '值',
  headerNamePattern: '请求头名称只能包含字母、数字、- 和 _',
  addHeader: '添加请求头',
  command: '命令',
  commandRequired: '请输入命令',
  commandPlaceholder: '例如 npx',
  args: '命令参数',
  argsPlaceholder: '每个参数输入后回车',
  env: '环境变量',
  envNamePattern: '环境变量名称只能包含字母、数字和 _，且不能以数字开头',
  addEnv: '添加环境变量',
  callTimeout: '调用超时（秒）',
  callTimeoutHint: '每次调用该服务函数最多等待的时间；留空使用服务器的默认上限，且不能超过该上限',
  callTimeoutPlaceholder: '默认',
  test: '测试连接',
  testOk: (count: number, ms: number) => `连接成功：找到 ${count} 个函数，耗时 ${ms} 毫秒`,
  testFailed: '连接失败',
  create: '创建',
  save: '保存',
  cancel: '取消',
  back: '返回服务列表',
  notFound: '服务不存在或已被删除',
  readOnly: '你没有修改这个服务的权限',
} as const;

export const FUNCTION_TEXT = {
  drawerTitle: (name: string) => `「${name}」的函数`,
  loading: '正在连接服务…',
  empty: '这个服务没有提供函数',
  params: '输入参数',
  noParams: '无参数',
  required: '必填',
  duration: (ms: number) => `耗时 ${ms} 毫秒`,
  count: (count: number) => `共 ${count} 个函数`,
  addTool: '创建为工具',
} as const;

export const OFFERED_TEXT = {
  title: '资源与提示词',
  loading: '正在读取资源与提示词…',
  resources: (count: number) => `资源（${count}）`,
  prompts: (count: number) => `提示词（${count}）`,
  noResources: '这个服务没有提供资源',
  noPrompts: '这个服务没有提供提示词',
  noArguments: '无参数',
  required: '必填',
} as const;

export const SERVICE_TOAST = {
  created: '服务已创建',
  saved: '服务已保存',
  deleted: '服务已删除',
  failed: '操作失败',
  saveFailed: '保存失败',
} as const;
