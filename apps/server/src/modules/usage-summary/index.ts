export { createUsageSummaryService, type UsageSummaryService } from './usage-summary.service.js';
export { usageSummaryRoutes } from './usage-summary.routes.js';
