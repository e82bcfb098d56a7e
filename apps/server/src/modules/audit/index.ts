export { createAuditService } from './audit.service.js';
export { auditRoutes } from './audit.routes.js';
export { deleteAuditEntriesOlderThan } from './audit.repo.js';
