import { finished } from 'node:stream/promises';
import type { StreamResponse } from '../net/index.js';
import { startAttempt, type Attempt } from './attempt.js';
import { beforeRetry, NO_USAGE, startMeter, timeoutOf } from './call.js';
import { aborted, badResponse, fromHttpStatus, toLlmCallError, type LlmCallError } from './errors.js';
import { finishReasonOf, streamedChatBody, ToolCallAssembler } from './openai-wire.js';
import { sseData } from './sse-lines.js';
import type { CallOptions, ChatRequest, ChatStreamPart, LlmGatewaySettings, ModelEndpoint, TokenUsage } from './types.js';

interface WireChunk {
  choices?: Array<{ delta?: { content?: unknown; reasoning_content?: unknown; reasoning?: unknown; tool_calls?: unknown }; finish_reason?: unknown }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  error?: { message?: unknown } | string;
}

const MAX_ERROR_BODY = 4_096;
/** How long a body may take to end after `[DONE]` before its connection is given up. */
const BODY_END_GRACE_MS = 200;
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

async function readBounded(body: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of body) {
    if (text.length < MAX_ERROR_BODY) text += decoder.decode(chunk, { stream: true });
  }
  return text.slice(0, MAX_ERROR_BODY);
}

/**
 * After `[DONE]`, the rest of the body (normally just its end, already on its way) is read, so the
 * kept-alive connection carries the next call: an answer left unread closed its connection, and every
 * call paid for a new one (on both sides).
 */
async function finishBody(body: StreamResponse['body']): Promise<void> {
  if (body.readableEnded) return;
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, BODY_END_GRACE_MS)));
  body.resume();
  await Promise.race([finished(body).catch(() => undefined), grace]);
  clearTimeout(timer);
}

/**
 * One try: `POST {baseUrl}/chat/completions` with `stream: true`, parsed as it arrives. A lean reader
 * of the OpenAI wire format rather than the AI SDK's stream pipeline, which costs tens of milliseconds per
 * answer under load (docs/decisions/model-gateway.md).
 */
async function* streamOnce(
  settings: LlmGatewaySettings,
  endpoint: ModelEndpoint,
  request: ChatRequest,
  attempt: Attempt,
): AsyncGenerator<ChatStreamPart | { type: 'end'; finishReason: string; usage: TokenUsage }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  const response = await settings.outbound.stream(
    { trusted: endpoint.trusted === true },
    { url: new URL(`${endpoint.baseUrl}/chat/completions`), method: 'POST', headers, body: streamedChatBody(endpoint, request), signal: attempt.signal },
  );
  attempt.touch();
  if (response.statusCode >= 300) {
    const text = await readBounded(response.body);
    const responseHeaders = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)]));
    throw fromHttpStatus(endpoint, response.statusCode, text, responseHeaders);
  }
  const calls = new ToolCallAssembler();
  let finishReason: string | undefined;
  let usage: TokenUsage = NO_USAGE;
  let sawDone = false;
  for await (const data of sseData(response.body.iterator({ destroyOnReturn: false }))) {
    attempt.touch();
    if (data === '[DONE]') {
      sawDone = true;
      break;
    }
    let chunk: WireChunk;
    try {
      chunk = JSON.parse(data) as WireChunk;
    } catch {
      throw badResponse(data);
    }
    if (chunk.error) throw badResponse(typeof chunk.error === 'string' ? chunk.error : String(chunk.error.message ?? JSON.stringify(chunk.error)));
    if (chunk.usage) usage = { promptTokens: count(chunk.usage.prompt_tokens), completionTokens: count(chunk.usage.completion_tokens) };
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const delta = choice.delta;
    const reasoning = delta?.reasoning_content ?? delta?.reasoning;
    if (typeof reasoning === 'string' && reasoning) yield { type: 'reasoning', text: reasoning };
    if (typeof delta?.content === 'string' && delta.content) yield { type: 'text', text: delta.content };
    if (delta?.tool_calls) calls.add(delta.tool_calls);
    if (typeof choice.finish_reason === 'string' && choice.finish_reason) finishReason = choice.finish_reason;
  }
  if (sawDone) await finishBody(response.body);
  if (finishReason === undefined) throw new Error('stream ended without finishing');
  for (const toolCall of calls.finish(new Set((request.tools ?? []).map((tool) => tool.name)))) yield { type: 'tool-call', toolCall };
  yield { type: 'end', finishReason, usage };
}

/**
 * One answer, streamed. A failure before the first part is retried like a whole call; after it, it
 * is thrown. Leaving the loop early, or aborting `options.signal`, closes the upstream request.
 * Throws `LlmCallError` (reason `aborted` when the caller aborted).
 */
export async function* streamChat(settings: LlmGatewaySettings, endpoint: ModelEndpoint, request: ChatRequest, options: CallOptions): AsyncGenerator<ChatStreamPart, void, undefined> {
  const meter = startMeter(settings, endpoint, options);
  const maxAttempts = Math.max(1, options.maxAttempts ?? settings.maxAttempts);
  const timeoutMs = timeoutOf(settings, options);
  try {
    for (let tried = 1; ; tried += 1) {
      const attempt = startAttempt(options.signal, timeoutMs);
      let delivered = false;
      let failure: LlmCallError;
      try {
        for await (const part of streamOnce(settings, endpoint, request, attempt)) {
          if (part.type === 'end') {
            const recorded = meter.succeed(part.usage);
            yield { type: 'finish', finishReason: finishReasonOf(part.finishReason), usage: part.usage, latencyMs: meter.elapsed(), recorded };
            return;
          }
          delivered = true;
          yield part;
        }
        throw new Error('stream ended without finishing');
      } catch (error) {
        failure = toLlmCallError(error, endpoint, attempt.stopped(), timeoutMs);
      } finally {
        attempt.dispose();
      }
      if (delivered || !failure.retryable || tried >= maxAttempts) throw failure.afterAttempts(tried);
      await beforeRetry(settings, failure, tried, options.signal);
    }
  } catch (error) {
    await meter.fail(error, NO_USAGE);
    throw error;
  } finally {
    // The consumer left the loop early: the call was cancelled.
    if (!meter.recorded()) await meter.fail(aborted());
  }
}
