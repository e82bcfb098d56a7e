import { smsPhoneBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/index.js';
import type { SmsService } from './sms.service.js';

export function smsRoutes(app: FastifyInstance, sms: SmsService): void {
  route(app, { url: '/sms/internet_flag', access: 'public', handler: () => sms.isEnabled() });
  route(app, {
    url: '/sms/send_verification_code',
    access: 'public',
    body: smsPhoneBody,
    handler: ({ body }) => sms.sendCode(typeof body === 'string' ? body : body.phone),
  });
}
