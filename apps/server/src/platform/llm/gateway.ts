import { chat } from './chat.js';
import { streamChat } from './stream-chat.js';
import { embed, rerank, transcribe } from './extras.js';
import type { CallOptions, ChatRequest, ChatResult, ChatStreamPart, LlmGatewaySettings, ModelEndpoint, RerankRequest, RerankResult, TranscribeRequest } from './types.js';

/**
 * Calls OpenAI-compatible models. Knows nothing of the model registry: the caller resolves a model
 * to an endpoint (and decides who may use it). Every call writes one usage row through
 * `settings.recordCall`, and fails with `LlmCallError`.
 */
export interface LlmGateway {
  chat(endpoint: ModelEndpoint, request: ChatRequest, options: CallOptions): Promise<ChatResult>;
  streamChat(endpoint: ModelEndpoint, request: ChatRequest, options: CallOptions): AsyncGenerator<ChatStreamPart, void, undefined>;
  embed(endpoint: ModelEndpoint, texts: string[], options: CallOptions): Promise<number[][]>;
  rerank(endpoint: ModelEndpoint, request: RerankRequest, options: CallOptions): Promise<RerankResult[]>;
  transcribe(endpoint: ModelEndpoint, request: TranscribeRequest, options: CallOptions): Promise<{ text: string }>;
}

export function createLlmGateway(settings: LlmGatewaySettings): LlmGateway {
  return {
    chat: (endpoint, request, options) => chat(settings, endpoint, request, options),
    streamChat: (endpoint, request, options) => streamChat(settings, endpoint, request, options),
    embed: (endpoint, texts, options) => embed(settings, endpoint, texts, options),
    rerank: (endpoint, request, options) => rerank(settings, endpoint, request, options),
    transcribe: (endpoint, request, options) => transcribe(settings, endpoint, request, options),
  };
}
