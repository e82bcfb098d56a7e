export { createLlmGateway, type LlmGateway } from './gateway.js';
export { fromHttpStatus, LlmCallError, type LlmFailureReason } from './errors.js';
export type {
  CallOptions,
  ChatMessage,
  ChatRequest,
  ChatResult,
  ChatStreamPart,
  FinishReason,
  ImagePart,
  LlmCallRecord,
  LlmGatewaySettings,
  ModelEndpoint,
  RerankRequest,
  RerankResult,
  TextPart,
  TokenUsage,
  ToolCall,
  ToolSpec,
  TranscribeRequest,
} from './types.js';
export { startEarly } from './start-early.js';
