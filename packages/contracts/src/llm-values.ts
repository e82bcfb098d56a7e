/** The model contract's plain values, free of zod so the web can import them without it. */
export const LLM_TYPES = ['chat', 'embedding', 'rerank', 'vision', 'stt'] as const;
export type LlmType = (typeof LLM_TYPES)[number];
export const LLM_TYPE_LABELS: Record<LlmType, string> = {
  chat: '对话',
  embedding: '向量',
  rerank: '重排序',
  vision: '视觉',
  stt: '语音识别',
};

export const LLM_STATUSES = ['enabled', 'disabled'] as const;
export type LlmStatus = (typeof LLM_STATUSES)[number];
export const LLM_STATUS_LABELS: Record<LlmStatus, string> = { enabled: '启用', disabled: '停用' };

export const LLM_NAME_MAX = 100;

export interface TestLlmConnectionResult {
  ok: boolean;
  latency_ms: number;
  /** Why it failed, in Chinese: 无法连接, 密钥无效, 模型不存在, 超时 … */
  reason?: string;
}

export const SUGGESTED_QUESTION_COUNT = 3;
