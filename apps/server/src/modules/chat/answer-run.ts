import { z } from 'zod';
import { storedJson, type AuthUser } from '../../core/index.js';
import { startEarly, type ChatRequest } from '../../platform/llm/index.js';
import type { RunService, RunSink } from '../../runtime/runs/index.js';
import type { ConversationService } from '../conversation/index.js';
import type { LlmService, ResolvedModel } from '../llm/index.js';
import { answerExecutor, type AnswerInput } from './answer.executor.js';
import { titleAsker, type Turn } from './chat-turn.js';
import { startTurnRun } from './turn-run.js';

export interface AnswerRun {
  /** The run's kind, e.g. `llm` or `kb`. */
  kind: string;
  model: ResolvedModel;
  request: ChatRequest;
  /** Recorded with the model call's usage. */
  feature: string;
  turn: Turn;
  /** A run nobody reads any more is stopped after this long: the model call costs money. */
  abandonAfterMs: number;
  prelude?: AnswerInput['prelude'];
  meta?: AnswerInput['meta'];
}

/**
 * What an answer run stores (`runs.input` of `llm` and `kb` runs): the question it answers. An answer
 * run is not resumed (a swept one fails), so only listings would read it.
 */
const answerRunInput = storedJson('answer run input', { version: 1, schema: z.object({ message_id: z.string() }) });

export interface AnswerRunDeps {
  llm: LlmService;
  conversations: ConversationService;
  runs: RunService;
}

/**
 * One model answer as a durable run: the model call goes out first and the answer streams to `sink`
 * (and to anyone re-attaching) while the question and the run are written.
 */
export async function startAnswerRun(deps: AnswerRunDeps, sink: RunSink, user: AuthUser, input: AnswerRun): Promise<void> {
  const { llm, conversations, runs } = deps;
  const { model, turn } = input;
  const controller = new AbortController();
  const answer = startEarly(llm.streamChat(user, model, input.request, { feature: input.feature, signal: controller.signal }));
  try {
    const { conversationId, messageId } = turn;
    const executor = answerExecutor({
      conversations,
      model,
      conversationId,
      answer,
      prelude: input.prelude,
      meta: input.meta,
      onCompleted: turn.opens ? (text) => conversations.titleFirstExchange({ conversationId, question: turn.question, answer: text, ask: titleAsker(llm, user, model) }) : undefined,
    });
    const run = { kind: input.kind, user, turn, subject: model.llmName, input: answerRunInput.write({ message_id: messageId }), abandonAfterMs: input.abandonAfterMs };
    await startTurnRun(runs, sink, run, executor, controller);
  } catch (error) {
    controller.abort(error);
    throw error;
  }
}
