import type { Tool, ToolContext, ToolResult } from './tool.js';
import { ToolFailure, ToolInputError } from './tool.js';

export interface ToolOutcome {
  /** What the model is given: the output, or the error message when the tool failed. */
  output: string;
  data?: unknown;
  /** Set when the tool did not succeed (bad input, failure, timeout), in Chinese. */
  error?: string;
  durationMs: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Runs one tool call: checks the input, runs it under a time limit and the caller's signal, and turns
 * every failure into an outcome the model can read. Never throws, except when the caller aborted.
 */
export async function runTool(tool: Tool, input: unknown, context: ToolContext & { timeoutMs?: number }): Promise<ToolOutcome> {
  const started = Date.now();
  const limitMs = Math.min(context.timeoutMs ?? DEFAULT_TIMEOUT_MS, tool.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const controller = new AbortController();
  const onAbort = () => controller.abort(context.signal.reason);
  context.signal.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      // Settle the race first: the abort makes the tool reject too, and the first rejection wins.
      reject(new ToolFailure(`工具「${tool.title}」执行超时（${Math.round(limitMs / 100) / 10} 秒）`));
      controller.abort(new Error('tool timed out'));
    }, limitMs);
  });
  const outcome = (result: Partial<ToolResult> & { error?: string }): ToolOutcome => ({
    output: result.error ?? result.output ?? '',
    ...(result.data === undefined ? {} : { data: result.data }),
    ...(result.error ? { error: result.error } : {}),
    durationMs: Date.now() - started,
  });
  try {
    const parsed = tool.parseInput(input);
    const result = await Promise.race([tool.execute(parsed, { viewer: context.viewer, signal: controller.signal }), timedOut]);
    return outcome(result);
  } catch (error) {
    if (context.signal.aborted) throw context.signal.reason ?? error;
    if (error instanceof ToolInputError) return outcome({ error: `工具「${tool.title}」的输入不正确：${error.message}` });
    if (error instanceof ToolFailure) return outcome({ error: error.message });
    // An unexpected error's text may describe the server's insides: the model and the page get a plain message.
    return outcome({ error: `工具「${tool.title}」执行失败，请稍后重试` });
  } finally {
    clearTimeout(timer);
    context.signal.removeEventListener('abort', onAbort);
  }
}
