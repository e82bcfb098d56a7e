import { createMaBody, listMaBody, maIdBody, updateMaBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { answeredTarget, route, thingTarget } from '../../platform/http/index.js';
import type { MaService } from './ma.service.js';

/** Multi-agent setups themselves. Chat is in modules/multi-agent-chat. */
export function maRoutes(app: FastifyInstance, setups: MaService): void {
  route(app, { url: '/ma/create', access: 'user', body: createMaBody, handler: ({ user, body }) => setups.create(user, body) });
  route(app, { url: '/ma/update', access: 'user', body: updateMaBody, handler: ({ user, body }) => setups.update(user, body) });
  route(app, { url: '/ma/detail', access: 'user', body: maIdBody, handler: ({ user, body }) => setups.getById(user, body.id) });
  route(app, {
    url: '/ma/delete',
    access: 'user',
    body: maIdBody,
    audit: { action: 'ma.delete', before: async ({ user, body }) => thingTarget('multi_agent', await setups.getById(user, body.id)) },
    handler: ({ user, body }) => setups.remove(user, body.id),
  });
  route(app, { url: '/ma/list', access: 'user', body: listMaBody, handler: ({ user, body }) => setups.listMine(user, body) });
  route(app, { url: '/ma/list_public', access: 'user', body: listMaBody, handler: ({ user, body }) => setups.listPublic(user, body) });
  route(app, {
    url: '/ma/publish',
    access: 'user',
    body: maIdBody,
    audit: { action: 'ma.publish', target: answeredTarget('multi_agent') },
    handler: ({ user, body }) => setups.publish(user, body.id),
  });
  route(app, {
    url: '/ma/withhold',
    access: 'user',
    body: maIdBody,
    audit: { action: 'ma.withhold', target: answeredTarget('multi_agent') },
    handler: ({ user, body }) => setups.withhold(user, body.id),
  });
}
