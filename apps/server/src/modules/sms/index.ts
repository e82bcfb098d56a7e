export { logSmsProvider, type SmsProvider } from './sms.providers.js';
export { createSmsProviderResolver } from './sms-provider-settings.js';
export { createSmsService, normalizePhone, type SmsService } from './sms.service.js';
export { smsRoutes } from './sms.routes.js';
