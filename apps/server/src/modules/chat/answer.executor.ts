import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/index.js';
import type { ChatStreamPart, TokenUsage } from '../../platform/llm/index.js';
import type { RunExecutor, RunOutcome } from '../../runtime/runs/index.js';
import type { ConversationService, MessageMeta } from '../conversation/index.js';
import type { ResolvedModel } from '../llm/index.js';

export interface AnswerInput {
  conversations: ConversationService;
  model: ResolvedModel;
  conversationId: string;
  /** The model's answer, already requested. */
  answer: AsyncIterable<ChatStreamPart>;
  /** Events sent before the answer, e.g. the knowledge retrieved for it. */
  prelude?: Array<{ type: string; data: Record<string, unknown> }>;
  /** Kept with the answer's message (e.g. citations), so a reopened conversation shows them. */
  meta?: MessageMeta;
  /** Told the whole answer when it completed. */
  onCompleted?: (answer: string) => void;
}

/**
 * Streams one answer: text and reasoning as they come, usage at the end. The answer is kept as the
 * conversation's next message whatever happens, partial when stopped or failed.
 */
export function answerExecutor({ conversations, model, conversationId, answer, prelude = [], meta = {}, onCompleted }: AnswerInput): RunExecutor {
  return async ({ run, signal, stored, emit }) => {
    for (const event of prelude) emit(event.type, event.data);
    let text = '';
    let reasoning = '';
    let usage: TokenUsage | undefined;
    let usageRecorded: Promise<void> = Promise.resolve();
    let outcome: RunOutcome = { status: 'completed' };
    try {
      for await (const part of answer) {
        if (part.type === 'text') {
          text += part.text;
          emit('delta', { text: part.text });
        } else if (part.type === 'reasoning') {
          reasoning += part.text;
          emit('reasoning', { text: part.text });
        } else if (part.type === 'finish') {
          usage = part.usage;
          usageRecorded = part.recorded;
          emit('usage', { prompt_tokens: part.usage.promptTokens, completion_tokens: part.usage.completionTokens });
        }
      }
    } catch (error) {
      if (signal.aborted) outcome = { status: 'cancelled' };
      else if (error instanceof AppError) outcome = { status: 'failed', error: { code: error.envelopeCode, msg: error.message } };
      else throw error;
    }
    await stored;
    const answerWritten = conversations.writeMessage({
      message: {
        id: randomUUID(),
        conversationId,
        role: 'assistant',
        content: text,
        runId: run.id,
        meta: {
          ...meta,
          model: model.llmName,
          status: outcome.status,
          ...(reasoning ? { reasoning } : {}),
          ...(usage ? { usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens } } : {}),
          ...(outcome.error ? { error: outcome.error.msg } : {}),
        },
      },
    });
    if (outcome.status === 'completed') onCompleted?.(text);
    return { ...outcome, alongside: Promise.all([answerWritten, usageRecorded]).then(() => undefined) };
  };
}
