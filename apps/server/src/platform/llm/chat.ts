import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, type FinishReason as SdkFinishReason, type LanguageModelUsage } from 'ai';
import type { Attempt } from './attempt.js';
import { metered, retrying } from './call.js';
import { fromSdkToolCall, toModelMessages, toToolChoice, toToolSet } from './messages.js';
import type { CallOptions, ChatRequest, ChatResult, FinishReason, LlmGatewaySettings, ModelEndpoint, TokenUsage } from './types.js';

export function languageModel(settings: LlmGatewaySettings, endpoint: ModelEndpoint) {
  return createOpenAICompatible({
    name: 'platform',
    baseURL: endpoint.baseUrl,
    apiKey: endpoint.apiKey || undefined,
    fetch: settings.outbound.fetch({ trusted: endpoint.trusted === true }),
    includeUsage: true,
    // Image URLs go to the provider as they are: the server never fetches a URL a user typed.
    supportedUrls: () => ({ 'image/*': [/^https?:\/\//] }),
  }).chatModel(endpoint.upstreamModel);
}

function callSettings(settings: LlmGatewaySettings, endpoint: ModelEndpoint, request: ChatRequest, attempt: Attempt) {
  return {
    model: languageModel(settings, endpoint),
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
    const result = await retrying(settings, endpoint, options, (attempt) => generateText(callSettings(settings, endpoint, request, attempt)));
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
