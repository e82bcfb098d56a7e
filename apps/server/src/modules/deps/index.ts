export { depsRoutes } from './deps.routes.js';
export { createDepsService, type DepsService } from './deps.service.js';
export { createProcessReports } from './process-reports.js';
