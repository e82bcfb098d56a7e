export const MA_TITLES = { list: '多智能体', create: '创建多智能体', edit: '编辑多智能体', chat: '多智能体对话', deploy: '多智能体接入' } as const;

export const MA_PATHS = {
  list: '/multi-agent',
  create: '/multi-agent/create',
  edit: (id: string) => `/multi-agent/edit/${id}`,
  chat: (id: string) => `/multi-agent/chat/${id}`,
  deploy: (id: string) => `/multi-agent/dep/${id}`,
} as const;

export const MA_LIST_TEXT = {
  description: '让多个智能体协作完成一次对话：转交、主管协调或顺序流水线',
  create: '创建多智能体',
  mine: '我的多智能体',
  public: '已发布的多智能体',
  searchPlaceholder: '搜索名称或描述',
  tagFilter: '按标签筛选',
  allTags: '全部标签',
  empty: '还没有多智能体，点击右上角创建',
  emptyPublic: '还没有已发布的多智能体',
  emptyFiltered: '没有符合条件的多智能体',
  chat: '对话',
  edit: '编辑',
  publish: '发布',
  withhold: '取消发布',
  deploy: '接入',
  deleteConfirm: '删除这个多智能体？',
  deleteConfirmDescription: '它的成员智能体不会被删除。',
  members: (count: number) => `${count} 个成员`,
  owner: '创建者',
  noDescription: '暂无描述',
} as const;

export const MA_TOAST = {
  published: '已发布',
  withheld: '已取消发布',
  deleted: '已删除',
  saved: '已保存',
  created: '创建成功',
  failed: '操作失败',
} as const;

export const MA_EDITOR_TEXT = {
  name: '名称',
  namePlaceholder: '例如：客服团队',
  avatar: '头像',
  description: '描述',
  tags: '标签',
  mode: '协作模式',
  context: '成员收到的内容',
  contextOptions: { conversation: '完整对话', task: '只有任务' },
  maxHandoffs: '每轮最多转交/委派次数',
  coordinatorModel: '协调者模型',
  coordinatorPrompt: '协调者提示词',
  agents: '智能体',
  searchAgents: '搜索智能体',
  dragHint: '把智能体拖到画布上，从一个成员右侧的圆点拖到另一个成员即可连线',
  canvas: '协作画布',
  start: '起始',
  setStart: '设为起始',
  remove: '移出',
  note: '什么时候交给它',
  notePlaceholder: '例如：用户要退款时',
  hitlOverride: '覆盖确认设置',
  actionConfirm: '调用工具前确认',
  observationConfirm: '工具结果确认',
  problems: '需要处理的问题',
  autoLayout: '自动排列',
  zoomIn: '放大（+ 或 Ctrl + 滚轮）',
  zoomOut: '缩小（- 或 Ctrl + 滚轮）',
  zoomReset: '恢复 100%（0）',
  minimap: '画布缩略图',
  minimapHint: '点击缩略图可移动画布视野',
  undo: '撤销',
  redo: '重做',
  save: '保存',
  saving: '保存中…',
  selectNodeHint: '选中画布上的成员可以编辑它的说明和确认设置',
  supervisorNoEdges: '主管协调模式下成员由协调者调用，无需连线',
  mine: '我的',
  published: '已发布',
  settings: '配置',
  preview: '预览对话',
  previewHint: '按画布上当前的配置试聊，未保存的修改也会生效',
  previewBlocked: '先处理画布上的问题，再在这里试聊',
  previewRestart: '开始新的预览对话',
  untitled: '未命名多智能体',
} as const;

export const MA_DEPLOY_TEXT = {
  description: '通过 API 密钥在其他系统中调用这个多智能体（OpenAI 兼容接口，model 填多智能体的 id），或把对话页面嵌入到网站中',
  back: '返回多智能体列表',
  notPublishedHint: '多智能体发布后，API 密钥和嵌入页面才能使用；取消发布后它们会被拒绝',
  notEditable: '只有多智能体的创建者或管理员可以管理它的 API 密钥',
} as const;

export const MA_MODE_HINTS = {
  handoff: '当前智能体回答，需要时沿连线把对话转交给下一个智能体，之后由它继续',
  supervisor: '协调者把子任务委派给成员，汇总成员的结果后回答',
  sequential: '沿连线依次执行，每个成员拿到上一个成员的输出，最后一个回答',
} as const;

export const MA_CHAT_TEXT = {
  placeholder: '输入问题，Enter 发送，Shift + Enter 换行',
  welcome: '多个智能体会协作回答你的问题',
  coordinator: '（协调者）',
  unknownAgent: '已移除的智能体',
} as const;
