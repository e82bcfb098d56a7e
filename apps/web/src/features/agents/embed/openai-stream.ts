import type { ChatMessageView } from '../../../lib/chat-messages';
import { EventStreamParser } from '../../../lib/event-stream';
import { AGENT_EMBED_TEXT as TEXT } from '../constants';

export interface CompletionMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** One `data:` line of an OpenAI stream, read: a piece of the answer, the end, or an error. */
export type CompletionChunk = { text: string } | { done: true } | { error: string } | null;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The message of an OpenAI error body (`{error: {message}}`) or of one of our envelopes (`{msg}`). */
export function errorMessageOf(body: unknown): string | null {
  if (!isRecord(body)) return null;
  if (isRecord(body.error) && typeof body.error.message === 'string') return body.error.message;
  if (typeof body.msg === 'string' && body.msg) return body.msg;
  return null;
}

export function parseCompletionData(data: string): CompletionChunk {
  if (data.trim() === '[DONE]') return { done: true };
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  const error = errorMessageOf(body);
  if (error) return { error };
  const choices = isRecord(body) && Array.isArray(body.choices) ? body.choices : [];
  const delta: unknown = isRecord(choices[0]) ? choices[0].delta : undefined;
  return isRecord(delta) && typeof delta.content === 'string' && delta.content !== '' ? { text: delta.content } : null;
}

/**
 * What the endpoint is sent: the whole conversation so far (answers that failed or are still empty left
 * out), then the new question.
 */
export function toCompletionMessages(history: ChatMessageView[], query: string): CompletionMessage[] {
  const earlier = history
    .filter((message) => message.content.trim() !== '' && message.status !== 'error' && message.status !== 'streaming')
    .map((message) => ({ role: message.role, content: message.content }));
  return [...earlier, { role: 'user', content: query }];
}

interface StreamCompletionOptions {
  agentId: string;
  apiKey: string;
  messages: CompletionMessage[];
  onText: (text: string) => void;
  signal?: AbortSignal;
}

/** `POST /v1/chat/completions` streamed: calls `onText` per piece; rejects with the server's Chinese message. */
export async function streamCompletion({ agentId, apiKey, messages, onText, signal }: StreamCompletionOptions): Promise<void> {
  const response = await fetch('/v1/chat/completions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ model: agentId, messages, stream: true }),
    signal,
  });
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(errorMessageOf(body) ?? TEXT.failed);
  }
  const reader = response.body.getReader();
  const parser = new EventStreamParser();
  const handle = (data: string): boolean => {
    const chunk = parseCompletionData(data);
    if (chunk && 'error' in chunk) throw new Error(chunk.error);
    if (chunk && 'text' in chunk) onText(chunk.text);
    return !!chunk && 'done' in chunk;
  };
  for (;;) {
    const { done, value } = await reader.read();
    const events = done ? parser.end() : parser.push(value);
    if (events.some((event) => handle(event.data)) || done) break;
  }
  await reader.cancel().catch(() => undefined);
}
