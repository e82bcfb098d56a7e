import { listAuditBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/index.js';
import type { AuditService } from './audit.service.js';

export function auditRoutes(app: FastifyInstance, audit: AuditService): void {
  app.decorate('auditRecorder', audit.recorder);
  route(app, { url: '/system/audit/list', access: 'admin', body: listAuditBody, handler: ({ body }) => audit.listEntries(body) });
}
