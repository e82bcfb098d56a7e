import { randomUUID } from 'node:crypto';
import type { KbChatBody } from '@agent-platform/contracts';
import type { AuthUser } from '../../core/index.js';
import type { RunSink } from '../../runtime/runs/index.js';
import { prepareTurn, startAnswerRun, type AnswerRunDeps } from '../chat/index.js';
import { readQuestionFiles, withAttachedFiles, type ReadChatAttachments } from '../files/index.js';
import { kbCitation, type KnowledgeRetriever } from '../knowledge/index.js';
import { kbAnswerPrompt } from './kb-chat.prompt.js';

/** Past messages the model sees besides the sources (both sides of the last 5 exchanges). */
const HISTORY_MESSAGES = 10;
/** An answer nobody is reading any more is stopped soon: the model call costs money. */
const ABANDON_AFTER_MS = 1_500;

export type KbChatService = ReturnType<typeof createKbChatService>;

/** `POST /api/kb/chat`: retrieve from the chosen knowledge bases, then a cited answer streamed as a run. */
export function createKbChatService(deps: AnswerRunDeps & { retriever: KnowledgeRetriever; readAttachments: ReadChatAttachments }) {
  const { llm, conversations, retriever } = deps;
  return {
    async chat(sink: RunSink, user: AuthUser, body: KbChatBody): Promise<void> {
      // Everything that can be refused comes before the stream: the model, the conversation, the knowledge bases.
      const model = await llm.resolveModel(user, body.llm_name, 'chat');
      const kbIds = [...new Set(body.kb_ids)];
      const attachments = await readQuestionFiles(deps.readAttachments, user, body.file_ids, model.supportsVision);
      const turn = await prepareTurn(conversations, user, {
        kind: 'kb',
        subject: kbIds.join(','),
        query: body.query,
        conversationId: body.conversation_id,
        regenerate: body.regenerate,
        historyMessages: HISTORY_MESSAGES,
        questionMeta: attachments?.files.length ? { files: attachments.files } : undefined,
      });
      const found = await retriever.retrieve(user, { kbIds, query: body.query, topK: body.top_k, scoreThreshold: body.score_threshold, mode: body.mode });
      const retrieval = { step_id: randomUUID(), mode: found.mode, notice: found.notice, segments: found.hits.map(kbCitation) };
      const request = {
        messages: [{ role: 'system' as const, content: kbAnswerPrompt(found.hits) }, ...withAttachedFiles(turn.history, attachments)],
      };
      await startAnswerRun(deps, sink, user, {
        kind: 'kb',
        model,
        request,
        feature: 'kb_chat',
        turn,
        abandonAfterMs: ABANDON_AFTER_MS,
        prelude: [{ type: 'retrieval', data: retrieval }],
        meta: { kb_ids: kbIds, retrieval },
      });
    },
  };
}
