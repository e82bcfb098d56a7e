import type { ToolStepStatus } from './agent-messages';

export const AGENT_CHAT_TITLES = { chat: '智能体对话', planChat: '计划对话', planList: '计划记录' } as const;

export const AGENT_CHAT_PATHS = {
  chat: '/agent/chat',
  planChat: '/agent/plan-chat',
  planList: '/agent/plan-list',
  planRun: (runId: string) => `/agent/plan-chat?run_id=${encodeURIComponent(runId)}`,
} as const;

export const AGENT_CHAT_TEXT = {
  placeholder: '输入问题，Enter 发送，Shift + Enter 换行',
  planPlaceholder: '描述要完成的任务，智能体会先制定计划',
  welcomeFallback: '你好，有什么可以帮你？',
  chooseAgent: '选择智能体',
  noAgents: '还没有可以对话的智能体',
  noAgentsHint: '创建一个智能体，或等待其他用户发布',
  createAgent: '创建智能体',
  mine: '我的智能体',
  published: '已发布的智能体',
  agentMissing: '智能体不存在或已不可用',
  suggested: '试试这样问',
  attach: '添加附件',
  attachments: '附件',
  attachHint: '点击或拖拽文件到这里上传，最多 10 个',
  attachDrop: '松开即可上传',
  uploading: '附件上传中，请稍候',
  uploadFailed: '附件上传失败',
  tooManyFiles: '最多附带 10 个文件',
  finishedTag: '已手动结束',
  decisionFailed: '操作失败',
} as const;

/** Multi-agent answers. */
export const SPEECH_TEXT = { reason: '，原因：' } as const;

export const STEP_TEXT = {
  input: '输入参数',
  output: '执行结果',
  error: '错误',
  duration: (value: string) => `耗时 ${value}`,
  editedInput: '参数已修改',
  editedOutput: '结果已修改',
  feedback: (text: string) => `反馈：${text}`,
  noOutput: '（无输出）',
  status: {
    running: '执行中',
    awaiting: '等待确认',
    done: '已完成',
    error: '执行出错',
    skipped: '未执行',
  } satisfies Record<ToolStepStatus, string>,
} as const;

export const DECISION_TEXT = {
  action: { confirm: '执行', replace: '修改参数', feedback: '反馈', finish: '结束' },
  observation: { confirm: '继续', replace: '修改结果', feedback: '反馈', finish: '结束' },
  plan: { confirm: '确认执行', replace: '编辑计划', feedback: '反馈重做', finish: '结束' },
  actionHint: '智能体准备调用工具，请确认是否执行',
  observationHint: '工具已返回结果，请确认是否交给智能体继续',
  planHint: '计划已拟定，请确认后开始执行',
  replaceInputTitle: '修改工具参数',
  replaceInputHint: '以 JSON 对象填写工具的输入参数',
  replaceOutputTitle: '修改工具结果',
  replaceOutputHint: '智能体将看到这里的内容，代替工具的原始结果',
  feedbackTitle: '反馈给智能体',
  feedbackPlaceholder: '说明哪里不对、希望怎么做',
  planFeedbackPlaceholder: '说明计划哪里需要调整，智能体会重新制定',
  editPlanTitle: '编辑计划',
  stepTitle: '步骤标题',
  stepDetail: '步骤说明（可选）',
  addStep: '添加步骤',
  removeStep: '删除步骤',
  finishConfirm: '确定结束本次运行吗？',
  finishConfirmDescription: '已生成的回答会保留，智能体不再继续执行。',
  ok: '确定',
  cancel: '取消',
  jsonRequired: '请输入工具参数',
  jsonInvalid: '参数不是合法的 JSON',
  jsonNotObject: '参数必须是 JSON 对象，例如 {"city": "杭州"}',
  outputRequired: '请输入结果内容',
  feedbackRequired: '请输入反馈内容',
  feedbackTooLong: '反馈不能超过 4000 个字符',
  planRequired: '计划至少需要一个步骤',
  stepTitleRequired: '请输入步骤标题',
} as const;

export const PLAN_TEXT = {
  title: '执行计划',
  status: { pending: '待执行', running: '执行中', done: '已完成' },
  progress: (done: number, total: number) => `${done}/${total} 步`,
  toolCalls: (count: number) => `${count} 次工具调用`,
  welcomeDescription: '描述一个任务，智能体会先拟定分步计划，经你确认后逐步执行并给出总结',
  runNotFound: '没有找到这个计划，可能已被删除',
} as const;

export const PLAN_LIST_TEXT = {
  description: '计划对话的每次运行：查看进度，打开暂停或已完成的计划',
  columns: { title: '任务', agent: '智能体', status: '状态', steps: '进度', time: '更新时间', actions: '操作' },
  open: '打开',
  newPlan: '新建计划',
  filterAgent: '按智能体筛选',
  empty: '还没有计划，去「计划对话」描述一个任务吧',
  status: {
    running: '执行中',
    awaiting: '等待确认',
    completed: '已完成',
    finished: '已结束',
    failed: '失败',
    cancelled: '已取消',
  },
} as const;
