import type { LlmChatBody } from '@agent-platform/contracts';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../platform/http/index.js';
import type { ChatMessage } from '../../platform/llm/index.js';
import type { RunService } from '../../runtime/runs/index.js';
import type { ConversationService } from '../conversation/index.js';
import type { LlmService } from '../llm/index.js';
import { answerExecutor } from './playground.executor.js';

/** Past messages the model sees (both sides of the last 10 exchanges). */
const HISTORY_MESSAGES = 20;
/** A playground answer nobody is reading any more is stopped: the model call costs money. */
const ABANDON_AFTER_MS = 1_500;

export type PlaygroundService = ReturnType<typeof createPlaygroundService>;

/** `POST /api/llm/chat`: a conversation with one model, streamed as a run. */
export function createPlaygroundService(deps: { llm: LlmService; conversations: ConversationService; runs: RunService }) {
  const { llm, conversations, runs } = deps;

  return {
    async chat(reply: FastifyReply, user: AuthUser, body: LlmChatBody): Promise<void> {
      // Everything that can be refused is checked before the stream starts, so it answers as an envelope.
      const model = await llm.resolveModel(user, body.llm_name, 'chat');
      let conversationId: string;
      let messageId: string;
      if (body.regenerate && body.conversation_id) {
        const { conversation, question } = await conversations.takeLastQuestion(user.id, 'llm', body.conversation_id);
        conversationId = conversation.id;
        messageId = question.id;
      } else {
        const query = body.query ?? '';
        const conversation = await conversations.openConversation(user.id, 'llm', model.llmName, query, body.conversation_id);
        conversationId = conversation.id;
        messageId = (await conversations.addMessage({ conversationId, role: 'user', content: query })).id;
      }
      const history = await conversations.recentMessages(conversationId, HISTORY_MESSAGES);
      const messages: ChatMessage[] = [
        ...(body.system_prompt ? [{ role: 'system' as const, content: body.system_prompt }] : []),
        ...history.map((message) => ({ role: message.role, content: message.content })),
      ];
      const executor = answerExecutor({
        llm,
        conversations,
        user,
        model,
        conversationId,
        request: { messages, temperature: body.temperature, topP: body.top_p, maxTokens: body.max_tokens },
      });
      await runs.startAndStream(
        reply,
        {
          run: { kind: 'llm', ownerId: user.id, conversationId, subject: model.llmName, input: { message_id: messageId } },
          announce: { conversation_id: conversationId, message_id: messageId },
          abandonAfterMs: ABANDON_AFTER_MS,
        },
        executor,
      );
    },
  };
}
