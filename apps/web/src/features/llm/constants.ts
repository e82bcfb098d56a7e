import type { LlmType } from '@agent-platform/contracts';

export const LLM_TITLES = { list: '模型管理', chat: '模型对话', create: '创建模型', edit: '编辑模型' } as const;

export const LLM_PATHS = {
  list: '/model',
  chat: '/model/chat',
  create: '/model/create',
  edit: (id: string) => `/model/edit/${id}`,
} as const;

export const MODEL_LIST_TEXT = {
  description: '接入 OpenAI 兼容的对话、向量、重排序、视觉与语音识别模型，供智能体、知识库与对话使用',
  create: '创建模型',
  searchPlaceholder: '搜索模型名称、显示名称或上游模型',
  allTypes: '全部类型',
  allStatuses: '全部状态',
  type: '类型',
  status: '状态',
  name: '模型',
  provider: '提供方',
  endpoint: '接口地址',
  visibility: '可见范围',
  public: '公开',
  private: '私有',
  createdAt: '创建时间',
  actions: '操作',
  testConnection: '测试连接',
  edit: '编辑',
  deleteConfirm: '确定删除该模型吗？',
  deleteConfirmDescription: '删除后使用该模型的对话将无法继续，此操作不可恢复。',
  enable: '启用',
  disable: '停用',
  noEditRight: '只有模型的创建者或管理员可以修改',
  empty: '还没有模型，点击右上角「创建模型」接入第一个模型',
  emptyFiltered: '没有符合条件的模型',
  latencyOf: (ms: number) => `耗时 ${ms} ms`,
} as const;

export const MODEL_FORM_TEXT = {
  basicSection: '基本信息',
  connectionSection: '连接配置',
  parameterSection: '默认参数',
  capabilitySection: '能力',
  type: '模型类型',
  llmName: '模型名称',
  llmNameHint: '平台内唯一，智能体与知识库按此名称引用模型',
  llmNamePlaceholder: '例如 deepseek-chat',
  displayName: '显示名称',
  displayNamePlaceholder: '不填则与模型名称相同',
  description: '描述',
  descriptionPlaceholder: '模型的用途、特点等（可选）',
  isPublic: '公开给所有用户',
  isPublicHint: '公开后其他用户也能在对话、智能体和知识库中使用该模型（看不到密钥）',
  enabled: '启用',
  provider: '提供方',
  baseUrl: '接口地址',
  baseUrlPlaceholder: 'https://api.example.com/v1',
  baseUrlHint: '选择提供方会自动填入常用地址，也可改成代理或私有部署地址',
  apiKey: 'API 密钥',
  apiKeyPlaceholder: '例如 sk-...',
  apiKeyOptional: '本地部署通常不需要密钥，可不填',
  apiKeyKeep: (masked: string) => `已保存密钥 ${masked}，不修改则保留原密钥；清空后保存将删除密钥`,
  upstreamModel: '上游模型 ID',
  upstreamModelPlaceholder: '不填则与模型名称相同',
  upstreamModelHint: '提供方接口中的 model 参数',
  contextWindow: '上下文长度',
  contextWindowUnit: '词元',
  temperature: '温度',
  topP: 'top_p',
  maxTokens: '最大输出长度',
  parameterHint: '留空表示使用提供方的默认值；对话时可临时调整',
  defaultPlaceholder: '默认',
  supportsTools: '支持工具调用',
  supportsVision: '支持图片输入',
  testConnection: '测试连接',
  testOk: (ms: number) => `连接成功 · ${ms} ms`,
  testFailed: '连接失败',
  save: '保存',
  create: '创建',
  cancel: '取消',
  back: '返回模型列表',
  notFound: '模型不存在或已被删除',
  readOnly: '该模型由其他用户创建，您只能查看，不能修改',
} as const;

export const MODEL_FORM_RULES = {
  llmNameRequired: '请输入模型名称',
  llmNamePattern: '模型名称只能包含文字、数字和 _ . : / @ -，且以文字或数字开头',
  baseUrlRequired: '请输入接口地址（通用 OpenAI 兼容提供方没有默认地址）',
  baseUrlInvalid: '接口地址必须是以 http:// 或 https:// 开头的网址',
  typeRequired: '请选择模型类型',
} as const;

export const CHAT_PAGE_TEXT = {
  model: '对话模型',
  selectModel: '选择对话模型',
  noModel: '暂无可用的对话模型',
  noModelHint: '先在「模型管理」中添加并启用一个对话或视觉模型，就可以在这里和它对话了。',
  goCreate: '去添加模型',
  settings: '参数设置',
  closeSettings: '收起参数设置',
  systemPrompt: '系统提示词',
  systemPromptPlaceholder: '例如：你是一名资深的 Python 工程师，回答简洁并给出代码示例。',
  temperature: '温度',
  temperatureHint: '越高回答越发散，越低越稳定',
  topP: 'top_p',
  topPHint: '核采样范围，一般与温度二选一调整',
  maxTokens: '最大输出长度',
  modelDefault: '模型默认',
  modelDefaultOf: (value: number) => `模型默认（${value}）`,
  overriding: '自定义',
  overrideOf: (label: string) => `自定义${label}`,
  reset: '恢复默认',
  settingsHint: '参数只对之后发送的消息生效',
  placeholder: '输入问题，Enter 发送，Shift + Enter 换行',
  welcomeTitle: '开始与模型对话',
  welcomeDescription: (name: string) => `当前模型：${name}。可以在右侧调整系统提示词与参数，对比不同设置下的回答。`,
} as const;

export const NO_MODELS_TEXT = {
  none: (typeLabel: string) => `还没有可用的${typeLabel}模型`,
  add: '去添加模型',
  addAnother: '添加新模型',
} as const;

export const LLM_TOAST = {
  created: '模型已创建',
  saved: '模型已保存',
  deleted: '模型已删除',
  enabled: '模型已启用',
  disabled: '模型已停用',
  saveFailed: '保存失败',
  failed: '操作失败',
  testOk: '连接成功',
  testFailed: '连接失败',
} as const;

export const TYPE_TAG_COLORS: Record<LlmType, string> = {
  chat: 'blue',
  vision: 'purple',
  embedding: 'cyan',
  rerank: 'gold',
  stt: 'green',
};

/** Which fields the form shows for each type. */
export const TYPE_FIELDS: Record<LlmType, { contextWindow: boolean; generation: boolean }> = {
  chat: { contextWindow: true, generation: true },
  vision: { contextWindow: true, generation: true },
  embedding: { contextWindow: true, generation: false },
  rerank: { contextWindow: true, generation: false },
  stt: { contextWindow: false, generation: false },
};

export const DEFAULT_CONTEXT_WINDOW = 8192;
