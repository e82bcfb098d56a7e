/** The calls the scripted server answers; a rule applies to one of them. */
export type Endpoint = 'chat' | 'embeddings' | 'rerank' | 'transcriptions';

export interface ScriptedToolCall {
  name: string;
  /** An object is sent as JSON; a string is sent as it is (to script malformed arguments). */
  arguments: Record<string, unknown> | string;
}

export interface ScriptedUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/**
 * One scripted answer and the requests it applies to. Rules are tried in the order they were
 * scripted; the first that matches answers. Without `times` a rule answers every matching request.
 */
export interface ScriptRule {
  /** Which call the rule answers; default `chat`. */
  endpoint?: Endpoint;
  /** Only requests for this model name (exact). */
  model?: string;
  /**
   * Only requests whose text contains this: the last user message (chat), the joined inputs
   * (embeddings), the query (rerank), the file name and prompt (transcriptions).
   */
  match?: string;
  /** Only chat requests whose system message contains this: tells apart agents that share a model (multi-agent chat). */
  system?: string;
  /** Only when the last message is a tool result (true), or only when it is not (false). */
  afterToolResult?: boolean;
  /** Answer this many matching requests, then drop the rule. */
  times?: number;

  /** The answer's text (chat, transcriptions). */
  text?: string;
  /** Streamed as these pieces instead of splitting `text`. */
  chunks?: string[];
  /** Wait between streamed pieces. */
  chunkDelayMs?: number;
  /** Visible reasoning, sent as `reasoning_content` before the text (DeepSeek style). */
  reasoning?: string;
  /** Proposed tool calls; streamed as `tool_calls` deltas, finish reason `tool_calls`. */
  toolCalls?: ScriptedToolCall[];
  /** Answer with this HTTP status and an OpenAI error body … */
  status?: number;
  /** … only for the first n matching requests, then answer normally. */
  failTimes?: number;
  /** Error message of the error body. */
  errorMessage?: string;
  /** Never answer (the connection stays open until the client leaves). */
  hang?: boolean;
  /** Wait before answering (before the first byte). */
  delayMs?: number;
  /** Usage to report instead of the computed one. */
  usage?: ScriptedUsage;
}

export interface RecordedRequest {
  /** Order of arrival, from 1. */
  seq: number;
  method: string;
  /** Path without the query, e.g. `/v1/chat/completions`. */
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON; for multipart, the fields and the file's name, type and size. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the client sent; tests read into it freely
  body: any;
  receivedAt: number;
  /** The client's port: requests with the same one came on the same (kept-alive) connection. */
  clientPort: number;
  /** When the answer was complete; unset while streaming, hanging or when the client left. */
  finishedAt?: number;
  /** The client closed the connection before the answer was complete. */
  aborted: boolean;
  abortedAt?: number;
}

export interface ScriptedLlmOptions {
  /** 0 or omitted: a free port. */
  port?: number;
  host?: string;
  /** Embedding dimension when the request names none; default 64. */
  embeddingDimensions?: number;
  /** When set, only these bearer keys are accepted; others answer 401. */
  apiKeys?: string[];
  /** When set, other model names answer 404; also what `GET /v1/models` lists. */
  models?: string[];
  /** Rules in force from the start (and again after `reset()`). */
  rules?: ScriptRule[];
  /** Accept `POST /__script` (a JSON array of rules, tried before all others): for browser tests of a CLI server. */
  remoteScript?: boolean;
}

export interface ScriptedLlm {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Adds rules after those already scripted. */
  script(...rules: ScriptRule[]): void;
  /** Forgets scripted rules (except the start options' `rules`) and recorded requests. */
  reset(): void;
  /** Stops listening and drops open connections, hanging ones included. */
  close(): Promise<void>;
}
