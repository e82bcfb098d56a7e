import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText, type FinishReason as SdkFinishReason, type LanguageModelUsage, type TextStreamPart, type ToolSet } from 'ai';
import { backoff, retryDelay, startAttempt, type Attempt } from './attempt.js';
import { metered, NO_USAGE, retrying, startMeter, timeoutOf } from './call.js';
import { aborted, toLlmCallError, type LlmCallError } from './errors.js';
import { fromSdkToolCall, toModelMessages, toToolChoice, toToolSet } from './messages.js';
import type { CallOptions, ChatRequest, ChatResult, ChatStreamPart, FinishReason, LlmGatewaySettings, ModelEndpoint, TokenUsage } from './types.js';

export function languageModel(endpoint: ModelEndpoint) {
  return createOpenAICompatible({
    name: 'platform',
    baseURL: endpoint.baseUrl,
    apiKey: endpoint.apiKey || undefined,
    includeUsage: true,
    // Image URLs go to the provider as they are: the server never fetches a URL a user typed.
    supportedUrls: () => ({ 'image/*': [/^https?:\/\//] }),
  }).chatModel(endpoint.upstreamModel);
}

function callSettings(endpoint: ModelEndpoint, request: ChatRequest, attempt: Attempt) {
  return {
    model: languageModel(endpoint),
    messages: toModelMessages(request.messages),
    allowSystemInMessages: true,
    tools: toToolSet(request.tools),
    toolChoice: toToolChoice(request.toolChoice),
    temperature: request.temperature ?? endpoint.temperature ?? undefined,
    topP: request.topP ?? endpoint.topP ?? undefined,
    maxOutputTokens: request.maxTokens ?? endpoint.maxTokens ?? undefined,
    stopSequences: request.stop,
    maxRetries: 0,
    abortSignal: attempt.signal,
  };
}

const usageOf = (usage: LanguageModelUsage): TokenUsage => ({ promptTokens: usage.inputTokens ?? 0, completionTokens: usage.outputTokens ?? 0 });

const FINISH_REASONS: ReadonlySet<string> = new Set(['stop', 'length', 'tool-calls', 'content-filter', 'error']);
const finishOf = (reason: SdkFinishReason): FinishReason => (FINISH_REASONS.has(reason) ? (reason as FinishReason) : 'other');

/** One answer, whole. */
export function chat(settings: LlmGatewaySettings, endpoint: ModelEndpoint, request: ChatRequest, options: CallOptions): Promise<ChatResult> {
  return metered(settings, endpoint, options, async (meter) => {
    const result = await retrying(settings, endpoint, options, (attempt) => generateText(callSettings(endpoint, request, attempt)));
    const usage = usageOf(result.usage);
    const value: ChatResult = {
      text: result.text,
      reasoning: result.reasoningText ?? '',
      toolCalls: result.toolCalls.map(fromSdkToolCall),
      finishReason: finishOf(result.finishReason),
      usage,
      latencyMs: meter.elapsed(),
    };
    return { value, usage };
  });
}

/** The parts a caller sees; `undefined` for the SDK's bookkeeping parts. */
function toPart(part: TextStreamPart<ToolSet>): ChatStreamPart | undefined {
  switch (part.type) {
    case 'text-delta':
      return part.text ? { type: 'text', text: part.text } : undefined;
    case 'reasoning-delta':
      return part.text ? { type: 'reasoning', text: part.text } : undefined;
    case 'tool-call':
      return { type: 'tool-call', toolCall: fromSdkToolCall(part) };
    case 'error':
      throw part.error;
    case 'abort':
      throw new Error('stream aborted');
    default:
      return undefined;
  }
}

/**
 * One answer, streamed. A failure before the first part is retried like a whole call; after it, it
 * is thrown. Leaving the loop early, or aborting `options.signal`, closes the upstream request.
 * Throws `LlmCallError` (reason `aborted` when the caller aborted).
 */
export async function* streamChat(
  settings: LlmGatewaySettings,
  endpoint: ModelEndpoint,
  request: ChatRequest,
  options: CallOptions,
): AsyncGenerator<ChatStreamPart, void, undefined> {
  const meter = startMeter(settings, endpoint, options);
  const maxAttempts = Math.max(1, options.maxAttempts ?? settings.maxAttempts);
  const timeoutMs = timeoutOf(settings, options);
  try {
    for (let tried = 1; ; tried += 1) {
      const attempt = startAttempt(options.signal, timeoutMs);
      let delivered = false;
      let failure: LlmCallError;
      try {
        const result = streamText({ ...callSettings(endpoint, request, attempt), onError: () => undefined });
        for await (const sdkPart of result.fullStream) {
          attempt.touch();
          if (sdkPart.type === 'finish') {
            const usage = usageOf(sdkPart.totalUsage);
            await meter.succeed(usage);
            yield { type: 'finish', finishReason: finishOf(sdkPart.finishReason), usage, latencyMs: meter.elapsed() };
            return;
          }
          const part = toPart(sdkPart);
          if (part) {
            delivered = true;
            yield part;
          }
        }
        throw new Error('stream ended without finishing');
      } catch (error) {
        failure = toLlmCallError(error, endpoint, attempt.stopped(), timeoutMs);
      } finally {
        attempt.dispose();
      }
      if (delivered || !failure.retryable || tried >= maxAttempts) throw failure.afterAttempts(tried);
      await backoff(retryDelay(settings.retryBaseMs, tried, failure.retryAfterMs), options.signal);
    }
  } catch (error) {
    await meter.fail(error, NO_USAGE);
    throw error;
  } finally {
    // The consumer left the loop early: the call was cancelled (a no-op when already recorded).
    await meter.fail(aborted());
  }
}
