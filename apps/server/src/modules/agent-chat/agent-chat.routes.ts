import { agentChatBody, hitlFeedbackBody, hitlFinishBody, hitlReplaceBody, hitlRunBody, listPlanRunsBody, type HitlDecision } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { route } from '../../platform/http/index.js';
import { sseSink } from '../../platform/sse/index.js';
import type { AgentChatService, ChatArea } from './agent-chat.service.js';

const DECISION_BODIES: Record<HitlDecision, z.ZodType<{ run_id: string; content?: unknown; feedback?: string }>> = {
  hitl_action_confirm: hitlRunBody,
  hitl_observation_confirm: hitlRunBody,
  hitl_replace: hitlReplaceBody,
  hitl_feedback: hitlFeedbackBody,
  hitl_finish: hitlFinishBody,
};

const AREAS: Array<{ area: ChatArea; url: string }> = [
  { area: 'agent', url: '/agent/chat' },
  { area: 'plan', url: '/agent/plan_chat' },
];

/** Agent chat and plan chat, their five decisions each (docs/streaming.md), and the plan list. */
export function agentChatRoutes(app: FastifyInstance, chat: AgentChatService): void {
  for (const { area, url } of AREAS) {
    route(app, { url, access: 'user', body: agentChatBody, handler: ({ user, body, reply }) => chat.chat(sseSink(reply), user, area, body) });
    for (const [call, body] of Object.entries(DECISION_BODIES) as Array<[HitlDecision, (typeof DECISION_BODIES)[HitlDecision]]>) {
      route(app, { url: `${url}/${call}`, access: 'user', body, handler: ({ user, body: decision, reply }) => chat.decide(sseSink(reply), user, area, call, decision) });
    }
  }
  route(app, { url: '/agent/list_plan_runs', access: 'user', body: listPlanRunsBody, handler: ({ user, body }) => chat.listPlanRuns(user, body) });
}
