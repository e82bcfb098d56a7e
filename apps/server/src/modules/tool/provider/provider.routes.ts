import { createToolProviderBody, listToolProvidersBody, reimportToolProviderBody, saveMyToolCredentialBody, toolProviderIdBody, updateToolProviderBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/index.js';
import type { ToolProviderService } from './provider.service.js';

/** API tool sets: import, change, re-import, delete; each user's own credential. */
export function toolProviderRoutes(app: FastifyInstance, providers: ToolProviderService): void {
  route(app, { url: '/tool/provider/create', access: 'user', body: createToolProviderBody, handler: ({ user, body }) => providers.create(user, body) });
  route(app, { url: '/tool/provider/update', access: 'user', body: updateToolProviderBody, handler: ({ user, body }) => providers.update(user, body) });
  route(app, { url: '/tool/provider/reimport', access: 'user', body: reimportToolProviderBody, handler: ({ user, body }) => providers.reimport(user, body) });
  route(app, { url: '/tool/provider/detail', access: 'user', body: toolProviderIdBody, handler: ({ user, body }) => providers.getById(user, body.id) });
  route(app, { url: '/tool/provider/list', access: 'user', body: listToolProvidersBody, handler: ({ user, body }) => providers.list(user, body) });
  route(app, { url: '/tool/provider/delete', access: 'user', body: toolProviderIdBody, handler: ({ user, body }) => providers.remove(user, body.id) });
  route(app, { url: '/tool/provider/save_my_credential', access: 'user', body: saveMyToolCredentialBody, handler: ({ user, body }) => providers.saveMyCredential(user, body) });
  route(app, { url: '/tool/provider/delete_my_credential', access: 'user', body: toolProviderIdBody, handler: ({ user, body }) => providers.deleteMyCredential(user, body.id) });
}
