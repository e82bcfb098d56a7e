import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/index.js';
import type { TopologyService } from './topology.service.js';

/** `/topology/query_all`: anyone signed in; what they get depends on what they may see. */
export function topologyRoutes(app: FastifyInstance, topology: TopologyService): void {
  route(app, { url: '/topology/query_all', access: 'user', handler: ({ user }) => topology.queryAll(user) });
}
