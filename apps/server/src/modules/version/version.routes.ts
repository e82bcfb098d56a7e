import { ENVELOPE_CODES } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../platform/http/index.js';
import { readBuildInfo } from './build-info.js';

/** `/version.json` (not enveloped: it answers the build info itself) and `/healthz`. */
export function versionRoutes(app: FastifyInstance, pingDatabase: () => Promise<void>): void {
  const buildInfo = readBuildInfo();
  app.get('/version.json', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return buildInfo;
  });
  app.get('/healthz', { config: { access: 'public' } }, async (request, reply) => {
    try {
      await pingDatabase();
      return ok({ status: 'ok', database: 'ok' });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send(fail(ENVELOPE_CODES.INTERNAL, '数据库不可用'));
    }
  });
}
