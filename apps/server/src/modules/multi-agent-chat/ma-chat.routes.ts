import { hitlFeedbackBody, hitlFinishBody, hitlReplaceBody, hitlRunBody, maChatBody, type HitlDecision } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { route } from '../../platform/http/index.js';
import { sseSink } from '../../platform/sse/index.js';
import type { MaChatService } from './ma-chat.service.js';

const DECISION_BODIES: Record<HitlDecision, z.ZodType<{ run_id: string; content?: unknown; feedback?: string }>> = {
  hitl_action_confirm: hitlRunBody,
  hitl_observation_confirm: hitlRunBody,
  hitl_replace: hitlReplaceBody,
  hitl_feedback: hitlFeedbackBody,
  hitl_finish: hitlFinishBody,
};

/** Multi-agent chat and its decisions (docs/streaming.md). */
export function maChatRoutes(app: FastifyInstance, chat: MaChatService): void {
  route(app, { url: '/ma/chat', access: 'user', body: maChatBody, handler: ({ user, body, reply }) => chat.chat(sseSink(reply), user, body) });
  for (const [call, body] of Object.entries(DECISION_BODIES) as Array<[HitlDecision, (typeof DECISION_BODIES)[HitlDecision]]>) {
    route(app, { url: `/ma/chat/${call}`, access: 'user', body, handler: ({ user, body: decision, reply }) => chat.decide(sseSink(reply), user, call, decision) });
  }
}
