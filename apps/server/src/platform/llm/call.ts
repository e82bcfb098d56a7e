import { backoff, retryDelay, startAttempt, type Attempt } from './attempt.js';
import { toLlmCallError, type LlmCallError } from './errors.js';
import type { CallOptions, LlmGatewaySettings, ModelEndpoint, TokenUsage } from './types.js';

export const NO_USAGE: TokenUsage = { promptTokens: 0, completionTokens: 0 };

export const timeoutOf = (settings: LlmGatewaySettings, options: CallOptions) => options.timeoutMs ?? settings.timeoutMs;

/** Records one usage row for one gateway call, exactly once, whatever happens. */
export function startMeter(settings: LlmGatewaySettings, endpoint: ModelEndpoint, options: CallOptions) {
  const startedAt = Date.now();
  let done = false;
  const record = async (usage: TokenUsage, error: unknown) => {
    if (done) return;
    done = true;
    const message = error === undefined ? null : error instanceof Error ? error.message : String(error);
    try {
      await settings.recordCall({
        userId: options.userId,
        model: endpoint.llmName,
        feature: options.feature,
        agentId: options.agentId ?? null,
        promptTokens: usage.promptTokens,
        completionTokens: usage.completionTokens,
        latencyMs: Date.now() - startedAt,
        ok: error === undefined,
        error: message === null ? null : message.slice(0, 1_000),
      });
    } catch (recordError) {
      settings.onRecordError?.(recordError);
    }
  };
  return {
    elapsed: () => Date.now() - startedAt,
    recorded: () => done,
    succeed: (usage: TokenUsage) => record(usage, undefined),
    fail: (error: unknown, usage: TokenUsage = NO_USAGE) => record(usage, error),
  };
}

export type Meter = ReturnType<typeof startMeter>;

/** Runs `work` and records its usage (or its failure) in one row. */
export async function metered<T>(settings: LlmGatewaySettings, endpoint: ModelEndpoint, options: CallOptions, work: (meter: Meter) => Promise<{ value: T; usage: TokenUsage }>): Promise<T> {
  const meter = startMeter(settings, endpoint, options);
  // The usage row is written behind, up to 25 ms later (write-behind.ts): the caller does not wait for it.
  try {
    const { value, usage } = await work(meter);
    void meter.succeed(usage);
    return value;
  } catch (error) {
    void meter.fail(error);
    throw error;
  }
}

/** The wait before another try: exponential with jitter, none after a connection closed under us on the first try. */
export function beforeRetry(settings: LlmGatewaySettings, failure: LlmCallError, tried: number, signal: AbortSignal | undefined): Promise<void> {
  if (failure.retryNow && tried === 1) return Promise.resolve();
  return backoff(retryDelay(settings.retryBaseMs, tried, failure.retryAfterMs), signal);
}

/**
 * One request to the provider, tried again after 429, 5xx and network failures (exponential backoff,
 * at most `maxAttempts` tries). Timeouts and the caller's abort are never retried.
 */
export async function retrying<T>(settings: LlmGatewaySettings, endpoint: ModelEndpoint, options: CallOptions, run: (attempt: Attempt) => Promise<T>): Promise<T> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? settings.maxAttempts);
  const timeoutMs = timeoutOf(settings, options);
  for (let tried = 1; ; tried += 1) {
    const attempt = startAttempt(options.signal, timeoutMs);
    let failure: LlmCallError;
    try {
      return await run(attempt);
    } catch (error) {
      failure = toLlmCallError(error, endpoint, attempt.stopped(), timeoutMs);
    } finally {
      attempt.dispose();
    }
    if (!failure.retryable || tried >= maxAttempts) throw failure.afterAttempts(tried);
    await beforeRetry(settings, failure, tried, options.signal);
  }
}
