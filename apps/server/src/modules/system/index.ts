export { createSystemService, type SystemService } from './system.service.js';
export { systemRoutes } from './system.routes.js';
export { DEFAULT_AUDIT_RETENTION_DAYS } from './system.seeds.js';
