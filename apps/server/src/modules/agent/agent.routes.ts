import { agentIdBody, createAgentBody, listAgentsBody, rolePromptBody, updateAgentBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { answeredTarget, route, thingTarget } from '../../platform/http/index.js';
import type { AgentRoleService } from './agent-role.service.js';
import type { AgentService } from './agent.service.js';

export interface AgentRouteServices {
  agents: AgentService;
  roles: AgentRoleService;
}

/** The agents themselves and the builder's writing help. Chat is in modules/agent-chat. */
export function agentRoutes(app: FastifyInstance, { agents, roles }: AgentRouteServices): void {
  route(app, { url: '/agent/create', access: 'user', body: createAgentBody, handler: ({ user, body }) => agents.create(user, body) });
  route(app, { url: '/agent/update', access: 'user', body: updateAgentBody, handler: ({ user, body }) => agents.update(user, body) });
  route(app, { url: '/agent/detail', access: 'user', body: agentIdBody, handler: ({ user, body }) => agents.getById(user, body.id) });
  route(app, {
    url: '/agent/delete',
    access: 'user',
    body: agentIdBody,
    audit: { action: 'agent.delete', before: async ({ user, body }) => thingTarget('agent', await agents.getById(user, body.id)) },
    handler: ({ user, body }) => agents.remove(user, body.id),
  });
  route(app, { url: '/agent/list', access: 'user', body: listAgentsBody, handler: ({ user, body }) => agents.listMine(user, body) });
  route(app, { url: '/agent/list_public', access: 'user', body: listAgentsBody, handler: ({ user, body }) => agents.listPublic(user, body) });
  route(app, {
    url: '/agent/publish',
    access: 'user',
    body: agentIdBody,
    audit: { action: 'agent.publish', target: answeredTarget('agent') },
    handler: ({ user, body }) => agents.publish(user, body.id),
  });
  route(app, {
    url: '/agent/withhold',
    access: 'user',
    body: agentIdBody,
    audit: { action: 'agent.withhold', target: answeredTarget('agent') },
    handler: ({ user, body }) => agents.withhold(user, body.id),
  });
  route(app, {
    url: '/agent/role_desc',
    access: 'user',
    body: agentIdBody,
    handler: async ({ user, body }) => roles.describe(user, await agents.visibleRow(user, body.id)),
  });
  route(app, { url: '/agent/role_prompt', access: 'user', body: rolePromptBody, handler: ({ user, body }) => roles.draftPrompt(user, body) });
}
