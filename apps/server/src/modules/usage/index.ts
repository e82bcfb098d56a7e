export { createUsageService, type UsageService } from './usage.service.js';
export { rollUpUsage } from './usage-rollup.js';
