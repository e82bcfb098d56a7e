import { ENVELOPE_CODES, type BuildInfo } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { fail, findCaller, ok } from '../../platform/http/index.js';
import { readBuildInfo } from './build-info.js';

/** `/version.json` (not enveloped: it answers the build info itself) and `/healthz`. */
export function versionRoutes(app: FastifyInstance, pingDatabase: () => Promise<void>, buildInfo: BuildInfo = readBuildInfo()): void {
  // The container id names the machine: administrators only (a token is sent along when there is one).
  const withoutContainerId = { ...buildInfo, containerId: null };
  app.get('/version.json', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const caller = await findCaller(app, request, reply);
    return caller?.role === 'admin' ? buildInfo : withoutContainerId;
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
