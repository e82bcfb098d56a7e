import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/index.js';
import type { DepsService } from './deps.service.js';

/** `/system/deps/query_all`: administrators only. */
export function depsRoutes(app: FastifyInstance, deps: DepsService): void {
  route(app, { url: '/system/deps/query_all', access: 'admin', handler: () => deps.queryAll() });
}
