export { createSmsProvider, type SmsProvider } from './sms.providers.js';
export { createSmsService, normalizePhone, type SmsService } from './sms.service.js';
export { smsRoutes } from './sms.routes.js';
