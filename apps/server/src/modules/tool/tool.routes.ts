import { createToolBody, listToolsBody, parseOpenApiBody, toolIdBody, toolUseBody, updateToolBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route, thingTarget } from '../../platform/http/index.js';
import type { Outbound } from '../../platform/net/index.js';
import { parseOpenApi } from './http/openapi.js';
import { readOpenApiText } from './http/openapi-source.js';
import { toolProviderRoutes } from './provider/provider.routes.js';
import type { ToolProviderService } from './provider/provider.service.js';
import type { ToolCatalog } from './tool-catalog.js';
import type { ToolService } from './tool.service.js';

/** Custom tools, the built-ins listed with them, a test run (`tool_use`), and API tool sets. */
export function toolRoutes(
  app: FastifyInstance,
  { tools, catalog, providers, outbound }: { tools: ToolService; catalog: ToolCatalog; providers: ToolProviderService; outbound: Outbound },
): void {
  route(app, { url: '/tool/create', access: 'user', body: createToolBody, handler: ({ user, body }) => tools.create(user, body) });
  route(app, { url: '/tool/update', access: 'user', body: updateToolBody, handler: ({ user, body }) => tools.update(user, body) });
  route(app, { url: '/tool/query_tool_list', access: 'user', body: listToolsBody, handler: ({ user, body }) => tools.listUsable(user, body) });
  route(app, { url: '/tool/query_my_tools', access: 'user', body: listToolsBody, handler: ({ user, body }) => tools.listMine(user, body) });
  route(app, { url: '/tool/query_public_tools', access: 'user', body: listToolsBody, handler: ({ user, body }) => tools.listPublic(user, body) });
  route(app, { url: '/tool/query_tool_by_id', access: 'user', body: toolUseBody.pick({ id: true }), handler: ({ user, body }) => tools.getById(user, body.id) });
  route(app, {
    url: '/tool/delete_tool_by_id',
    access: 'user',
    body: toolIdBody,
    audit: { action: 'tool.delete', before: async ({ user, body }) => thingTarget('tool', await tools.getById(user, body.id)) },
    handler: ({ user, body }) => tools.remove(user, body.id),
  });
  route(app, { url: '/tool/tool_use', access: 'user', body: toolUseBody, handler: ({ user, body }) => catalog.use(user, body) });
  route(app, {
    url: '/tool/parse_openapi',
    access: 'user',
    body: parseOpenApiBody,
    handler: async ({ body }) => {
      const text = await readOpenApiText(outbound, body);
      const { operations, ...rest } = parseOpenApi(text);
      return { ...rest, operations: operations.map(({ description: _description, params: _params, ...operation }) => operation), ...(body.url ? { document: text } : {}) };
    },
  });
  toolProviderRoutes(app, providers);
}
