import type { Outbound } from '../net/index.js';

/** What the gateway needs to reach one model: where, with which key, under which upstream id. */
export interface ModelEndpoint {
  /** The registry's name for the model; usage is recorded under it. */
  llmName: string;
  /** OpenAI-compatible base URL, e.g. `https://api.deepseek.com/v1` (no trailing slash). */
  baseUrl: string;
  /** Decrypted key; sent as `Authorization: Bearer …` when present. */
  apiKey?: string | null;
  /** The model id the provider expects. */
  upstreamModel: string;
  /** Defaults of the model, used when a request does not set them. */
  temperature?: number | null;
  topP?: number | null;
  maxTokens?: number | null;
  /** May reach loopback and private addresses: the configuration comes from an administrator. */
  trusted?: boolean;
}

export interface ImagePart {
  type: 'image';
  /** An http(s) URL or a `data:` URL. */
  url: string;
}
export interface TextPart {
  type: 'text';
  text: string;
}

export interface ToolCall {
  /** The provider's call id; a tool result answers it with the same id. */
  id: string;
  name: string;
  /** Parsed JSON arguments (the raw text when they were not valid JSON). */
  input: unknown;
  /** The model named an unknown tool or gave arguments that do not parse. */
  invalid?: boolean;
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | Array<TextPart | ImagePart> }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; toolName: string; content: string; isError?: boolean };

/** A tool offered to the model. The gateway never runs tools: it returns the calls the model proposes. */
export interface ToolSpec {
  name: string;
  description?: string;
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolSpec[];
  toolChoice?: 'auto' | 'none' | 'required' | { toolName: string };
  /** Override the model's defaults for this call. */
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  stop?: string[];
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export type FinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other';

export interface ChatResult {
  text: string;
  /** Visible reasoning (DeepSeek `reasoning_content` and the like); '' when none. */
  reasoning: string;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
  usage: TokenUsage;
  latencyMs: number;
}

/** What `streamChat` yields, in order: text and reasoning pieces, proposed tool calls, then one `finish`. */
export type ChatStreamPart =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call'; toolCall: ToolCall }
  | {
      type: 'finish';
      finishReason: FinishReason;
      usage: TokenUsage;
      latencyMs: number;
      /**
       * The call's usage row being written (never rejects). The stream does not wait for it; whoever
       * tells a client the call is over (a run's `done`) waits for it first.
       */
      recorded: Promise<void>;
    };

export interface CallOptions {
  /** Who the call is for (usage is recorded against them); null for system work. */
  userId: string | null;
  /** What the call is for, recorded with its usage: `playground`, `agent`, `kb_embedding`, … */
  feature: string;
  /** The agent whose run makes the call, recorded with its usage (the summary's top agents). */
  agentId?: string;
  /** Aborting stops the call and closes the upstream connection. */
  signal?: AbortSignal;
  /** Overrides `LLM_TIMEOUT_MS` for this call. */
  timeoutMs?: number;
  /** Overrides `LLM_MAX_ATTEMPTS` for this call (1 = no retry). */
  maxAttempts?: number;
}

export interface RerankRequest {
  query: string;
  documents: string[];
  /** Keep the best n; default all. */
  topN?: number;
}

/** Documents by relevance, best first; `index` points into the request's documents. */
export interface RerankResult {
  index: number;
  score: number;
}

export interface TranscribeRequest {
  audio: Uint8Array;
  filename: string;
  mediaType?: string;
  /** ISO-639-1, e.g. `zh`. */
  language?: string;
  prompt?: string;
}

/** One row of usage: every call the gateway makes, successful or not. */
export interface LlmCallRecord {
  userId: string | null;
  model: string;
  feature: string;
  agentId: string | null;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
  ok: boolean;
  error: string | null;
}

export interface LlmGatewaySettings {
  /** Every request to a provider goes through it: private addresses only for trusted endpoints. */
  outbound: Outbound;
  /** Non-streamed calls must finish within it; streams must start and never stay silent longer. */
  timeoutMs: number;
  /** Tries per call for 429, 5xx and network failures (1 = no retry). */
  maxAttempts: number;
  /** Wait before the second try; doubles for each further try. */
  retryBaseMs: number;
  /** Texts per embeddings request. */
  embedBatchSize: number;
  /** Writes one usage row; the gateway calls it after every call, successful or not. */
  recordCall(record: LlmCallRecord): Promise<void>;
  /** Told when a usage row could not be written (the call's own outcome stands). */
  onRecordError?(error: unknown): void;
}
