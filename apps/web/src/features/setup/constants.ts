/** Chinese strings of the setup checklist. */
export const SETUP_TEXT = {
  title: '入门清单',
  progress: (done: number, total: number) => `${done}/${total}`,
  optional: '可选',
  dismiss: '不再显示',
  dismissFailed: '操作失败',
  allDone: '基础设置已完成，可以关闭本清单',
  steps: {
    model: '添加一个对话模型',
    agent: '创建一个智能体',
    chat: '和智能体对话',
    knowledge: '建一个知识库',
    tool: '接入一个工具',
  },
} as const;
