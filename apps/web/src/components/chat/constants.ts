/** Chinese strings of the chat parts every chat page shares. */
export const CHAT_TEXT = {
  reasoning: '思考过程',
  reasoningLive: '思考中…',
  copy: '复制',
  copied: '已复制',
  copyFailed: '复制失败，请手动选择文本复制',
  copyCode: '复制代码',
  regenerate: '重新生成',
  stopped: '已停止生成',
  failed: '回答失败',
  image: '图片',
  openImage: (alt: string) => `在新标签页打开图片${alt ? `：${alt}` : ''}`,
  send: '发送',
  stop: '停止生成',
  suggestions: '你可能还想问',
  tokens: (prompt: number, completion: number) => `输入 ${prompt} · 输出 ${completion} tokens`,
} as const;
