import { randomUUID } from 'node:crypto';
import type { OpenAiChatBody } from '@agent-platform/contracts';
import type { HeadlessTurn } from '../chat/index.js';
import { noUserMessage } from './agent-publish.errors.js';

type HistoryMessage = Required<HeadlessTurn>['history'][number];

type Message = OpenAiChatBody['messages'][number];

const textOf = (content: Message['content']): string =>
  typeof content === 'string' ? content : (content ?? []).map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');

/**
 * What the agent is asked: the last user message, and the user and assistant messages before it.
 * System messages are ignored: the agent has its own prompt. Tool messages belong to the client's tools, not the agent's.
 */
export function turnOf(messages: Message[]): HeadlessTurn {
  const lastUser = messages.findLastIndex((message) => message.role === 'user' && textOf(message.content).trim() !== '');
  if (lastUser < 0) throw noUserMessage();
  const history = messages
    .slice(0, lastUser)
    .filter((message): message is Message & { role: HistoryMessage['role'] } => message.role === 'user' || message.role === 'assistant')
    .map((message) => ({ role: message.role, content: textOf(message.content) }))
    .filter((message) => message.content.trim() !== '');
  return { query: textOf(messages[lastUser]!.content), history };
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export const emptyUsage = (): Usage => ({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });

/** One answer's identity: every chunk of a stream carries the same id, time and model. */
export function completionOf(model: string) {
  const id = `chatcmpl-${randomUUID().replaceAll('-', '')}`;
  const created = Math.floor(Date.now() / 1000);
  return {
    whole: (content: string, usage: Usage) => ({
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage,
    }),
    chunk: (delta: { role?: 'assistant'; content?: string }, finishReason: 'stop' | null = null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    }),
    /** The extra last chunk OpenAI sends for `stream_options.include_usage`. */
    usageChunk: (usage: Usage) => ({ id, object: 'chat.completion.chunk', created, model, choices: [], usage }),
  };
}

const ERROR_KINDS: Record<number, [type: string, code: string]> = {
  40101: ['invalid_request_error', 'invalid_api_key'],
  40301: ['permission_error', 'forbidden'],
  40401: ['invalid_request_error', 'model_not_found'],
  42901: ['rate_limit_error', 'rate_limit_exceeded'],
};

/** OpenAI's error body for one of our envelope codes, so OpenAI clients raise their usual errors. */
export function openAiError(code: number, message: string) {
  const [type, errorCode] = ERROR_KINDS[code] ?? (code < 50000 ? ['invalid_request_error', 'invalid_request'] : ['server_error', 'server_error']);
  return { error: { message, type, code: errorCode } };
}
