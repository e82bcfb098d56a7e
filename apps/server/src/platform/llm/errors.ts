import { APICallError } from 'ai';
import { AppError } from '../../core/index.js';
import { findOutboundRefusal } from '../net/index.js';
import type { ModelEndpoint } from './types.js';

export type LlmFailureReason =
  'unreachable' | 'unauthorized' | 'forbidden' | 'model_not_found' | 'rate_limited' | 'upstream' | 'bad_request' | 'bad_response' | 'timeout' | 'blocked' | 'aborted';

const RETRYABLE: ReadonlySet<LlmFailureReason> = new Set(['unreachable', 'rate_limited', 'upstream']);

/**
 * A model call that failed: `MODEL_CALL_FAILED` (50201) with a Chinese message that says what to
 * check, and `reason` for callers that react differently (a run treats `aborted` as cancelled).
 * The message never holds the provider's own text nor its address (a public model's users must not
 * learn either); `diagnostic` does, for the log and for whoever configures the model.
 */
export class LlmCallError extends AppError {
  readonly reason: LlmFailureReason;
  /** The provider's HTTP status, when it answered. */
  readonly status: number | undefined;
  readonly retryable: boolean;
  /** The provider's `Retry-After`, in milliseconds. */
  readonly retryAfterMs: number | undefined;

  /** The first retry need not wait: the connection was closed under us, nothing is overloaded. */
  readonly retryNow: boolean;
  /** The message with the provider's address and its own words: for the log and the model's owner only. */
  readonly diagnostic: string;

  constructor(reason: LlmFailureReason, msg: string, details: FailureDetails = {}) {
    super('MODEL_CALL_FAILED', msg);
    this.diagnostic = details.diagnostic ?? msg;
    this.reason = reason;
    this.status = details.status;
    this.retryable = RETRYABLE.has(reason);
    this.retryAfterMs = details.retryAfterMs;
    this.retryNow = details.retryNow ?? false;
  }

  /** The same failure, its message saying how many times it was tried. */
  afterAttempts(attempts: number): LlmCallError {
    if (attempts <= 1) return this;
    const tries = `（共尝试 ${attempts} 次）`;
    return new LlmCallError(this.reason, `${this.message}${tries}`, { status: this.status, retryAfterMs: this.retryAfterMs, diagnostic: `${this.diagnostic}${tries}` });
  }
}

interface FailureDetails {
  status?: number;
  retryAfterMs?: number;
  retryNow?: boolean;
  diagnostic?: string;
}

const hostOf = (endpoint: ModelEndpoint) => {
  try {
    return new URL(endpoint.baseUrl).host;
  } catch {
    return endpoint.baseUrl;
  }
};

/** The provider's own error message, short: `{error: {message}}`, `{message}` or the text itself. */
function upstreamDetail(body: string | undefined): string {
  if (!body) return '';
  let detail = body;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const candidate = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof candidate === 'string') detail = candidate;
  } catch {
    // not JSON: the text as it is
  }
  detail = detail.replace(/\s+/g, ' ').trim();
  return detail.length > 200 ? `${detail.slice(0, 200)}…` : detail;
}

function retryAfterOf(headers: Record<string, string> | undefined): number | undefined {
  const value = headers?.['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** An HTTP error answer of the provider, as a failure with a reason. */
export function fromHttpStatus(endpoint: ModelEndpoint, status: number, body: string | undefined, headers?: Record<string, string>): LlmCallError {
  const host = hostOf(endpoint);
  const detail = upstreamDetail(body);
  const suffix = detail ? `：${detail}` : '';
  const failure = (reason: LlmFailureReason, msg: string, diagnostic = `${msg}${suffix}`) => new LlmCallError(reason, msg, { status, retryAfterMs: retryAfterOf(headers), diagnostic });
  if (status === 401) return failure('unauthorized', '密钥无效（401）：模型服务拒绝了 API 密钥，请检查密钥是否正确', `密钥无效（401）：${host} 拒绝了 API 密钥，请检查密钥是否正确`);
  if (status === 403) return failure('forbidden', '无权使用该模型（403）：请检查 API 密钥的权限');
  if (status === 404) {
    return failure('model_not_found', '模型不存在（404）：请检查上游模型 ID 和接口地址', `模型不存在（404）：${host} 上没有模型 ${endpoint.upstreamModel}，请检查上游模型 ID 和接口地址`);
  }
  if (status === 429) return failure('rate_limited', '模型服务限流（429），请稍后重试');
  if (status >= 500) return failure('upstream', `模型服务出错（${status}），请稍后重试`);
  return failure('bad_request', `模型服务拒绝了请求（${status}）`);
}

/** The innermost `code` of an error chain: ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET, … */
function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  let code: string | undefined;
  for (let depth = 0; depth < 5 && current instanceof Object; depth += 1) {
    const candidate = (current as { code?: unknown }).code;
    if (typeof candidate === 'string') code = candidate;
    current = (current as { cause?: unknown }).cause;
  }
  return code;
}

/** The provider closed a connection under us (typically a kept-alive one it had just dropped): a new one will do at once. */
const CLOSED_UNDER_US = new Set(['UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNRESET', 'EPIPE']);

export const unreachable = (endpoint: ModelEndpoint, error: unknown) => {
  const code = networkCode(error);
  return new LlmCallError('unreachable', `无法连接模型服务（${code ?? '网络错误'}），请检查接口地址、端口和网络`, {
    retryNow: code !== undefined && CLOSED_UNDER_US.has(code),
    diagnostic: `无法连接模型服务 ${hostOf(endpoint)}（${code ?? '网络错误'}），请检查接口地址、端口和网络`,
  });
};

export const timedOut = (timeoutMs: number) => new LlmCallError('timeout', `模型响应超时：${Math.round(timeoutMs / 100) / 10} 秒内没有回答，请稍后重试或检查模型服务`);

export const aborted = () => new LlmCallError('aborted', '模型调用已取消');

export const badResponse = (detail: string) => new LlmCallError('bad_response', '模型服务返回了无法解析的内容', { diagnostic: `模型服务返回了无法解析的内容：${detail.slice(0, 200)}` });

/** Any error of an attempt, as a failure with a reason. Why the attempt was stopped wins. */
export function toLlmCallError(error: unknown, endpoint: ModelEndpoint, stopped: 'timeout' | 'caller' | undefined, timeoutMs: number): LlmCallError {
  if (stopped === 'timeout') return timedOut(timeoutMs);
  if (stopped === 'caller') return aborted();
  if (error instanceof LlmCallError) return error;
  const refusal = findOutboundRefusal(error);
  if (refusal) return new LlmCallError('blocked', refusal.message);
  if (APICallError.isInstance(error)) {
    if (error.statusCode !== undefined && error.statusCode >= 400) {
      return fromHttpStatus(endpoint, error.statusCode, error.responseBody, error.responseHeaders);
    }
    if (error.message.startsWith('Cannot connect') || networkCode(error)) return unreachable(endpoint, error);
    return badResponse(error.message);
  }
  // A connection refused, reset or closed by the provider (e.g. a kept-alive socket it had just dropped): worth another try.
  if ((error instanceof TypeError && error.message === 'fetch failed') || networkCode(error)) return unreachable(endpoint, error);
  return badResponse(error instanceof Error ? error.message : String(error));
}
