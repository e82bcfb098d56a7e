import { batchUpdatePropertiesBody, createPropertyBody, deletePropertyBody, listPropertiesBody, updatePropertyBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/index.js';
import type { SystemService } from './system.service.js';

const property = (row: { id: string; code: string } | undefined) => row && { kind: 'property', id: row.id, name: row.code };

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
    handler: ({ user, body }) => system.createProperty(body, user.user_name),
    audit: { action: 'property.create', target: ({ result }) => property(result) },
  });
  route(app, {
    url: '/system/property/update',
    access: 'admin',
    body: updatePropertyBody,
    handler: ({ user, body }) => system.updateProperty(body, user.user_name),
    audit: { action: 'property.update', target: ({ result }) => property(result) },
  });
  route(app, {
    url: '/system/property/delete',
    access: 'admin',
    body: deletePropertyBody,
    handler: ({ body }) => system.deleteProperty(body.id),
    audit: { action: 'property.delete', target: ({ body }) => ({ kind: 'property', id: body.id }) },
  });
  route(app, {
    url: '/system/property/update/batch',
    access: 'admin',
    body: batchUpdatePropertiesBody,
    // Branding (name, logo, menu entries) is saved this way too: the codes say what changed.
    handler: ({ user, body }) => system.updateBatch(body, user.user_name),
    audit: { action: 'property.batch_update', detail: ({ body }) => [...new Set(body.items.map((item) => item.code))].join(', ') },
  });
}
