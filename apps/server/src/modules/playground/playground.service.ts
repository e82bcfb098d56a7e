import type { LlmChatBody } from '@agent-platform/contracts';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../platform/http/index.js';
import { startEarly, type ChatMessage } from '../../platform/llm/index.js';
import type { RunService } from '../../runtime/runs/index.js';
import type { ConversationService } from '../conversation/index.js';
import type { LlmService } from '../llm/index.js';
import { answerExecutor } from './playground.executor.js';

/** Past messages the model sees (both sides of the last 10 exchanges). */
const HISTORY_MESSAGES = 20;
/** A playground answer nobody is reading any more is stopped: the model call costs money. */
const ABANDON_AFTER_MS = 1_500;

export type PlaygroundService = ReturnType<typeof createPlaygroundService>;

interface Turn {
  /** What the model is sent: earlier messages and this turn's question. */
  history: Array<{ role: 'user' | 'assistant'; content: string }>;
  /** Writes the turn's rows; runs while the model call is already on its way. */
  record(): Promise<{ conversationId: string; messageId: string }>;
}

/** `POST /api/llm/chat`: a conversation with one model, streamed as a run. */
export function createPlaygroundService(deps: { llm: LlmService; conversations: ConversationService; runs: RunService }) {
  const { llm, conversations, runs } = deps;

  /** Everything that can be refused is checked here, before a stream starts, so it answers as an envelope. */
  async function prepareTurn(user: AuthUser, llmName: string, body: LlmChatBody): Promise<Turn> {
    if (body.regenerate && body.conversation_id) {
      const { conversation, question } = await conversations.takeLastQuestion(user.id, 'llm', body.conversation_id);
      const history = await conversations.recentMessages(conversation.id, HISTORY_MESSAGES);
      return { history, record: async () => ({ conversationId: conversation.id, messageId: question.id }) };
    }
    const query = body.query ?? '';
    if (!body.conversation_id) {
      return {
        history: [{ role: 'user', content: query }],
        record: async () => {
          const { conversation, message } = await conversations.startConversation(user.id, 'llm', llmName, query);
          return { conversationId: conversation.id, messageId: message.id };
        },
      };
    }
    const conversation = await conversations.getOwnConversation(user.id, body.conversation_id);
    if (conversation.kind !== 'llm') throw conversations.notFoundError();
    const earlier = await conversations.recentMessages(conversation.id, HISTORY_MESSAGES - 1);
    return {
      history: [...earlier, { role: 'user', content: query }],
      record: async () => {
        const message = await conversations.addMessage({ conversationId: conversation.id, role: 'user', content: query });
        return { conversationId: conversation.id, messageId: message.id };
      },
    };
  }

  return {
    async chat(reply: FastifyReply, user: AuthUser, body: LlmChatBody): Promise<void> {
      const model = await llm.resolveModel(user, body.llm_name, 'chat');
      const turn = await prepareTurn(user, model.llmName, body);
      const messages: ChatMessage[] = [
        ...(body.system_prompt ? [{ role: 'system' as const, content: body.system_prompt }] : []),
        ...turn.history.map((message) => ({ role: message.role, content: message.content })),
      ];
      // The model call goes out now; the rows are written while it thinks.
      const controller = new AbortController();
      const request = { messages, temperature: body.temperature, topP: body.top_p, maxTokens: body.max_tokens };
      const answer = startEarly(llm.streamChat(user, model, request, { feature: 'playground', signal: controller.signal }));
      try {
        const { conversationId, messageId } = await turn.record();
        await runs.startAndStream(
          reply,
          {
            run: { kind: 'llm', ownerId: user.id, conversationId, subject: model.llmName, input: { message_id: messageId } },
            announce: { conversation_id: conversationId, message_id: messageId },
            abandonAfterMs: ABANDON_AFTER_MS,
          },
          answerExecutor({ conversations, model, conversationId, answer }),
          controller,
        );
      } catch (error) {
        controller.abort(error);
        throw error;
      }
    },
  };
}
