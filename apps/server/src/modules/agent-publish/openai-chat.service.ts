import { openAiChatBody, type HitlDecision } from '@agent-platform/contracts';
import { AppError, type AuthUser, type Logger, parseInput } from '../../core/index.js';
import type { RunEvent } from '../../runtime/runs/index.js';
import type { HeadlessResult, HeadlessTurn } from '../chat/index.js';
import type { DecisionBody } from '../agent-chat/index.js';
import { awaitingNotice, wrongModel } from './agent-publish.errors.js';
import type { KeyHolder } from './api-key.service.js';
import type { KeyGate } from './key-gate.js';
import { completionOf, emptyUsage, openAiError, turnOf, type Usage } from './openai-format.js';

type Completion = ReturnType<typeof completionOf>;

/** A chat module's headless runs (agent chat, multi-agent chat): the same engine and decisions as its page, events handed to a callback. */
export interface HeadlessRunner {
  runHeadless(user: AuthUser, id: string, turn: HeadlessTurn, onEvent: (event: RunEvent) => void, signal?: AbortSignal): Promise<HeadlessResult>;
  decideHeadless(user: AuthUser, id: string, call: HitlDecision, body: DecisionBody, onEvent: (event: RunEvent) => void, signal?: AbortSignal): Promise<HeadlessResult>;
}

export interface OpenAiChatDeps {
  gate: KeyGate;
  /** Who runs what a key opens. */
  runners: Record<KeyHolder['subject']['kind'], HeadlessRunner>;
  log: Logger;
}

/** One call as the route reads it. */
export interface CompletionCall {
  ip: string;
  authorization: string | undefined;
  body: unknown;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
}

/** A stream of `data:` lines (headers, heartbeats and close handling are the transport's). */
export interface DataLineStream {
  sendData(data: string): void;
  end(): void;
  readonly isClosed: boolean;
}

/** Where the answer goes: one JSON body, or a stream opened by the run's first event. */
export interface CompletionOutput {
  whole(body: unknown): unknown;
  openStream(): DataLineStream;
}

export type OpenAiChat = ReturnType<typeof createOpenAiChat>;

const RUN_FAILED = '智能体运行失败，请稍后重试';

/** What one headless run came to, with the usage and failure its events reported. */
interface TurnOutcome {
  result: HeadlessResult;
  usage: Usage;
  failure?: { code: number; msg: string };
}

/** `POST /v1/chat/completions`: an OpenAI-compatible face on a published agent or multi-agent setup, the key as bearer token. */
export function createOpenAiChat({ gate, runners, log }: OpenAiChatDeps) {
  /** Runs the turn; a client that leaves aborts it. `onEvent` sees every event (the stream opens on the first). */
  async function runTurn(holder: KeyHolder, turn: HeadlessTurn, left: AbortSignal, onEvent: (event: RunEvent) => void): Promise<TurnOutcome> {
    const outcome: Omit<TurnOutcome, 'result'> = { usage: emptyUsage() };
    const controller = new AbortController();
    let settled = false;
    left.addEventListener('abort', () => {
      if (!settled) controller.abort();
    });
    const collect = (event: RunEvent) => {
      const { data } = event;
      if (event.type === 'usage') {
        outcome.usage.prompt_tokens += Number(data.prompt_tokens) || 0;
        outcome.usage.completion_tokens += Number(data.completion_tokens) || 0;
        outcome.usage.total_tokens = outcome.usage.prompt_tokens + outcome.usage.completion_tokens;
      } else if (event.type === 'error') {
        outcome.failure = { code: Number(data.code) || 50001, msg: typeof data.msg === 'string' ? data.msg : RUN_FAILED };
      }
      onEvent(event);
    };
    try {
      return { ...outcome, result: await runners[holder.subject.kind].runHeadless(holder.user, holder.subject.id, turn, collect, controller.signal) };
    } finally {
      settled = true;
    }
  }

  async function whole(holder: KeyHolder, turn: HeadlessTurn, call: CompletionCall, output: CompletionOutput, format: Completion) {
    const { result, usage, failure } = await runTurn(holder, turn, call.signal, () => undefined);
    if (result.status === 'failed') throw new AppError('MODEL_CALL_FAILED', failure?.msg ?? RUN_FAILED);
    const content = [result.text, result.status === 'awaiting' ? awaitingNotice(result.run_id) : ''].filter(Boolean).join('\n\n');
    return output.whole(format.whole(content, usage));
  }

  async function streamed(holder: KeyHolder, turn: HeadlessTurn, call: CompletionCall, output: CompletionOutput, format: Completion, includeUsage: boolean) {
    let stream: DataLineStream | undefined;
    const write = (data: unknown) => {
      if (stream && !stream.isClosed) stream.sendData(typeof data === 'string' ? data : JSON.stringify(data));
    };
    // Opened by the run's first event, so refusals before it are still plain errors.
    const open = () => {
      if (stream) return;
      stream = output.openStream();
      write(format.chunk({ role: 'assistant', content: '' }));
    };
    let outcome: TurnOutcome;
    try {
      outcome = await runTurn(holder, turn, call.signal, (event) => {
        open();
        if (event.type === 'delta' && typeof event.data.text === 'string' && event.data.text !== '') write(format.chunk({ content: event.data.text }));
      });
    } catch (error) {
      if (!stream) throw error;
      log.error({ err: error }, 'headless run failed');
      outcome = { result: { status: 'failed', text: '', run_id: '', conversation_id: '' }, usage: emptyUsage(), failure: { code: 50001, msg: '服务器内部错误，请稍后重试' } };
    }
    open();
    const { result, usage, failure } = outcome;
    if (result.status === 'failed') {
      write(openAiError(failure?.code ?? 50001, failure?.msg ?? RUN_FAILED));
    } else {
      if (result.status === 'awaiting') write(format.chunk({ content: `${result.text ? '\n\n' : ''}${awaitingNotice(result.run_id)}` }));
      write(format.chunk({}, 'stop'));
      if (includeUsage) write(format.usageChunk(usage));
    }
    write('[DONE]');
    stream!.end();
  }

  return {
    async complete(call: CompletionCall, output: CompletionOutput): Promise<unknown> {
      const holder = await gate.holderOf(call.ip, call.authorization);
      const body = parseInput(openAiChatBody, call.body ?? {});
      if (body.model !== holder.subject.id) throw wrongModel(body.model);
      const turn = turnOf(body.messages);
      await gate.assertServable(holder);
      await gate.touch(holder);
      const format = completionOf(body.model);
      if (!body.stream) return whole(holder, turn, call, output, format);
      const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
      return streamed(holder, turn, call, output, format, includeUsage);
    },
  };
}
