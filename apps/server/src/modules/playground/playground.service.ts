import type { LlmChatBody } from '@agent-platform/contracts';
import type { AuthUser } from '../../core/index.js';
import type { ChatMessage } from '../../platform/llm/index.js';
import type { RunSink } from '../../runtime/runs/index.js';
import { prepareTurn, startAnswerRun, type AnswerRunDeps } from '../chat/index.js';
import { readQuestionFiles, withAttachedFiles, type ReadChatAttachments } from '../files/index.js';

/** Past messages the model sees (both sides of the last 10 exchanges). */
const HISTORY_MESSAGES = 20;
/** A playground answer nobody is reading any more is stopped: the model call costs money. */
const ABANDON_AFTER_MS = 1_500;

export type PlaygroundService = ReturnType<typeof createPlaygroundService>;

/** `POST /api/llm/chat`: a conversation with one model, streamed as a run. */
export function createPlaygroundService(deps: AnswerRunDeps & { readAttachments: ReadChatAttachments }) {
  const { llm, conversations } = deps;
  return {
    async chat(sink: RunSink, user: AuthUser, body: LlmChatBody): Promise<void> {
      const model = await llm.resolveModel(user, body.llm_name, 'chat');
      const attachments = await readQuestionFiles(deps.readAttachments, user, body.file_ids, model.supportsVision);
      const turn = await prepareTurn(conversations, user, {
        kind: 'llm',
        subject: model.llmName,
        query: body.query ?? '',
        conversationId: body.conversation_id,
        regenerate: body.regenerate,
        historyMessages: HISTORY_MESSAGES,
        questionMeta: attachments?.files.length ? { files: attachments.files } : undefined,
      });
      const messages: ChatMessage[] = [...(body.system_prompt ? [{ role: 'system' as const, content: body.system_prompt }] : []), ...withAttachedFiles(turn.history, attachments)];
      const request = { messages, temperature: body.temperature, topP: body.top_p, maxTokens: body.max_tokens };
      await startAnswerRun(deps, sink, user, { kind: 'llm', model, request, feature: 'playground', turn, abandonAfterMs: ABANDON_AFTER_MS });
    },
  };
}
