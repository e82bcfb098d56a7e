import { usageSummaryBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/index.js';
import type { UsageSummaryService } from './usage-summary.service.js';

export function usageSummaryRoutes(app: FastifyInstance, summary: UsageSummaryService): void {
  route(app, { url: '/system/summary/query', access: 'admin', body: usageSummaryBody, handler: ({ body }) => summary.summarize(body) });
}
