import { sendTestCodeBody, smsPhoneBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { findCaller, route } from '../../platform/http/index.js';
import type { SmsService } from './sms.service.js';

export function smsRoutes(app: FastifyInstance, sms: SmsService): void {
  route(app, { url: '/sms/internet_flag', access: 'public', handler: () => sms.isEnabled() });
  route(app, { url: '/sms/challenge', access: 'public', handler: () => sms.createChallenge() });
  route(app, {
    url: '/sms/send_verification_code',
    access: 'public',
    body: smsPhoneBody,
    handler: async ({ body, request, reply }) => {
      const fields = typeof body === 'string' ? { phone: body } : body;
      return sms.sendCode(fields.phone, {
        ip: request.ip,
        // A session stands in for the challenge.
        signedIn: (await findCaller(app, request, reply)) !== null,
        challengeId: fields.challenge_id,
        challengeAnswer: fields.challenge_answer,
      });
    },
  });
  route(app, {
    url: '/sms/send_test_code',
    access: 'admin',
    body: sendTestCodeBody,
    handler: ({ body }) => sms.sendTestCode(body.phone),
    // A test code costs a real message: who sent one, and to which phone, is traced.
    audit: { action: 'sms.test_send', detail: ({ body }) => body.phone },
  });
}
