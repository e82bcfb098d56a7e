export { createUsageService, type UsageService } from './usage.service.js';
