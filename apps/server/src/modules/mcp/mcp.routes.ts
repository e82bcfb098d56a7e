import { createServiceBody, listServicesBody, mcpConfigBody, serviceIdBody, sseConfigBody, updateServiceBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route, thingTarget } from '../../platform/http/index.js';
import type { McpCatalog } from './mcp-catalog.js';
import type { McpServiceRegistry } from './mcp.service.js';

/** MCP services: the list, the form, connection tests, their functions, resources and prompts. */
export function mcpRoutes(app: FastifyInstance, { registry, catalog }: { registry: McpServiceRegistry; catalog: McpCatalog }): void {
  route(app, { url: '/service/create', access: 'user', body: createServiceBody, handler: ({ user, body }) => registry.createService(user, body) });
  route(app, { url: '/service/update', access: 'user', body: updateServiceBody, handler: ({ user, body }) => registry.updateService(user, body) });
  route(app, {
    url: '/service/delete_service_by_id',
    access: 'user',
    body: serviceIdBody,
    audit: { action: 'service.delete', before: async ({ user, body }) => thingTarget('service', await registry.getServiceById(user, body.id)) },
    handler: ({ user, body }) => registry.deleteService(user, body.id),
  });
  route(app, { url: '/service/query_service_by_id', access: 'user', body: serviceIdBody, handler: ({ user, body }) => registry.getServiceById(user, body.id) });
  route(app, { url: '/service/query_service_list', access: 'user', body: listServicesBody, handler: ({ user, body }) => registry.listUsable(user, body) });
  route(app, { url: '/service/query_public_service', access: 'user', body: listServicesBody, handler: ({ user, body }) => registry.listPublic(user, body) });
  route(app, { url: '/service/query_my_services', access: 'user', body: listServicesBody, handler: ({ user, body }) => registry.listMine(user, body) });
  route(app, { url: '/service/get_mcp_functions_info', access: 'user', body: serviceIdBody, handler: ({ user, body }) => catalog.getFunctionsInfo(user, body.id) });
  route(app, {
    url: '/service/get_mcp_functions_info_with_config',
    access: 'user',
    body: mcpConfigBody,
    handler: ({ user, body }) => catalog.getFunctionsInfoWithConfig(user, body),
  });
  route(app, {
    url: '/service/get_mcp_resources_and_prompts',
    access: 'user',
    body: serviceIdBody,
    handler: ({ user, body }) => catalog.getResourcesAndPrompts(user, body.id),
  });
  route(app, { url: '/service/get_sse_mcp_functions_info', access: 'user', body: sseConfigBody, handler: ({ user, body }) => catalog.getSseFunctionsInfo(user, body) });
}
