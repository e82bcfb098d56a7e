import { batchUpdatePropertiesBody, createPropertyBody, deletePropertyBody, listPropertiesBody, updatePropertyBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/index.js';
import type { SystemService } from './system.service.js';

export function systemRoutes(app: FastifyInstance, system: SystemService): void {
  route(app, { url: '/system/property/list/ui', access: 'public', handler: () => system.listUiProperties() });
  route(app, {
    url: '/system/property/list',
    access: 'admin',
    body: listPropertiesBody,
    handler: ({ body }) => system.listProperties(body),
  });
  route(app, {
    url: '/system/property/create',
    access: 'admin',
    body: createPropertyBody,
    handler: ({ body }) => system.createProperty(body),
  });
  route(app, {
    url: '/system/property/update',
    access: 'admin',
    body: updatePropertyBody,
    handler: ({ body }) => system.updateProperty(body),
  });
  route(app, {
    url: '/system/property/delete',
    access: 'admin',
    body: deletePropertyBody,
    handler: ({ body }) => system.deleteProperty(body.id),
  });
  route(app, {
    url: '/system/property/update/batch',
    access: 'admin',
    body: batchUpdatePropertiesBody,
    handler: ({ body }) => system.updateBatch(body),
  });
}
