import { id } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../platform/http/index.js';
import { sseSink } from '../../platform/sse/index.js';
import type { RunService } from './run.service.js';

const runParams = z.object({ id: id('运行 id') });
const eventsQuery = z.object({
  after: z.coerce.number({ error: 'after 必须是数字' }).int('after 必须是整数').min(0, 'after 不能小于 0').default(0),
});

/** Re-attaching to a run's stream (docs/streaming.md, "Losing the connection") and stopping a run. */
export function runRoutes(app: FastifyInstance, runs: RunService): void {
  route(app, {
    method: 'GET',
    url: '/runs/:id/events',
    access: 'user',
    params: runParams,
    query: eventsQuery,
    handler: ({ user, params, query, reply }) => runs.attach(sseSink(reply), user.id, params.id, query.after),
  });
  route(app, {
    url: '/runs/:id/cancel',
    access: 'user',
    params: runParams,
    handler: ({ user, params }) => runs.cancel(user.id, params.id),
  });
}
