export const CONVERSATION_TEXT = {
  title: '历史会话',
  newChat: '新对话',
  delete: '删除',
  more: '更多操作',
  deleteConfirm: '确定删除该会话吗？',
  deleteConfirmDescription: (title: string) => `「${title}」的全部消息将被删除，此操作不可恢复。`,
  confirm: '确定',
  cancel: '取消',
  empty: '暂无历史会话',
  untitled: '新对话',
  loadFailed: '会话加载失败',
} as const;

export const CONVERSATION_TOAST = {
  deleted: '会话已删除',
  deleteFailed: '删除失败',
} as const;
