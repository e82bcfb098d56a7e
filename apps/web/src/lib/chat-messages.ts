import type { MessageInfo, StreamEvent, StreamEventMap } from '@agent-platform/contracts';

/** What every chat page shows when the run failed without saying why. */
export const CHAT_MESSAGE_TEXT = {
  failed: '回答生成失败，请重试',
} as const;

export type ChatMessageStatus = 'streaming' | 'done' | 'cancelled' | 'error';

/** A retrieved segment an answer may cite as `[n]` (n = its position + 1). */
export type RetrievedSource = StreamEventMap['retrieval']['segments'][number];

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** One message as a chat page shows it: the text, the model's reasoning, how the run ended. */
export interface ChatMessageView {
  /** Stable for React while the message streams (the server id arrives later, or never). */
  key: string;
  role: 'user' | 'assistant';
  content: string;
  /** Files attached to a question. */
  files?: AttachedFile[];
  reasoning: string;
  status: ChatMessageStatus;
  /** The Chinese reason, when `status` is `error`. */
  error?: string;
  runId?: string | null;
  messageId?: string | null;
  usage?: TokenUsage;
  /** What was retrieved for the answer (knowledge-base and agent chats), in citation order. */
  sources?: RetrievedSource[];
  /** Answered in this page (not loaded from the history): follow-up suggestions are offered for it. */
  live?: boolean;
}

let counter = 0;
export const newMessageKey = () => `local-${Date.now().toString(36)}-${(counter += 1)}`;

export interface AttachedFile {
  id: string;
  name: string;
}

export function userMessage(content: string, files?: AttachedFile[]): ChatMessageView {
  return { key: newMessageKey(), role: 'user', content, reasoning: '', status: 'done', ...(files?.length ? { files } : {}) };
}

export function pendingAnswer(): ChatMessageView {
  return { key: newMessageKey(), role: 'assistant', content: '', reasoning: '', status: 'streaming', live: true };
}

const addUsage = (current: TokenUsage | undefined, next: TokenUsage): TokenUsage => ({
  prompt_tokens: (current?.prompt_tokens ?? 0) + next.prompt_tokens,
  completion_tokens: (current?.completion_tokens ?? 0) + next.completion_tokens,
});

/** The answer after one more event of its run (events other chats add are left to them). */
export function applyStreamEvent(message: ChatMessageView, event: StreamEvent): ChatMessageView {
  switch (event.event) {
    case 'run':
      return { ...message, runId: event.data.run_id, messageId: event.data.message_id };
    case 'delta':
      return { ...message, content: message.content + event.data.text };
    case 'reasoning':
      return { ...message, reasoning: message.reasoning + event.data.text };
    case 'usage':
      return { ...message, usage: addUsage(message.usage, event.data) };
    case 'retrieval':
      return { ...message, sources: [...(message.sources ?? []), ...event.data.segments] };
    case 'error':
      return { ...message, status: 'error', error: event.data.msg || CHAT_MESSAGE_TEXT.failed };
    case 'done': {
      const { status } = event.data;
      if (status === 'cancelled') return { ...message, status: 'cancelled' };
      if (status === 'failed') return { ...message, status: 'error', error: message.error ?? CHAT_MESSAGE_TEXT.failed };
      return { ...message, status: message.status === 'error' ? 'error' : 'done' };
    }
    default:
      return message;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function usageOf(value: unknown): TokenUsage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { prompt_tokens, completion_tokens } = value as Record<string, unknown>;
  return typeof prompt_tokens === 'number' && typeof completion_tokens === 'number' ? { prompt_tokens, completion_tokens } : undefined;
}

function filesOf(value: unknown): AttachedFile[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const files = value.filter((file): file is AttachedFile => typeof file?.id === 'string' && typeof file?.name === 'string');
  return files.length ? files.map(({ id, name }) => ({ id, name })) : undefined;
}

function sourcesOf(value: unknown): RetrievedSource[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { segments } = value as { segments?: unknown };
  const isSource = (segment: unknown): segment is RetrievedSource =>
    typeof (segment as Partial<RetrievedSource> | null)?.segment_id === 'string' && typeof (segment as Partial<RetrievedSource>).text === 'string';
  return Array.isArray(segments) ? segments.filter(isSource) : undefined;
}

/**
 * A stored message as the page shows it. Reads `meta.reasoning`, `meta.usage`, `meta.retrieval`,
 * `meta.files` (a question's attachments) and `meta.status` (`cancelled` / `failed`, with `meta.error`) where the server recorded them.
 */
export function fromMessageInfo(info: MessageInfo): ChatMessageView {
  const meta = info.meta ?? {};
  const status = meta.status === 'cancelled' ? 'cancelled' : meta.status === 'failed' ? 'error' : 'done';
  return {
    key: info.id,
    role: info.role,
    content: info.content,
    reasoning: text(meta.reasoning),
    status,
    error: status === 'error' ? text(meta.error) || CHAT_MESSAGE_TEXT.failed : undefined,
    runId: info.run_id,
    messageId: info.id,
    usage: usageOf(meta.usage),
    sources: sourcesOf(meta.retrieval),
    files: filesOf(meta.files),
  };
}
