import { PHONE_PATTERN, SMS_ENABLED_PROPERTY } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { AppError, badInput, type Logger } from '../../core/index.js';
import { sha256, sixDigitCode } from '../../platform/security/index.js';
import type { SystemService } from '../system/index.js';
import { claimSendSlot, countAttempt, deleteCode, findCode } from './sms.repo.js';
import type { SmsProvider } from './sms.providers.js';

export const RESEND_SECONDS = 60;
const CODE_TTL_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;

export type SmsService = ReturnType<typeof createSmsService>;

/** `+86`/`0086` prefixes are one phone with the bare number. */
export function normalizePhone(phone: string): string {
  return phone.trim().replace(/^(\+86|0086)/, '');
}

const hashCode = (phone: string, code: string) => sha256(`${phone}:${code}`);

export function createSmsService(deps: { db: Db; system: SystemService; provider: SmsProvider; log: Logger }) {
  const { db, system, provider, log } = deps;

  return {
    isEnabled: () => system.isEnabled(SMS_ENABLED_PROPERTY),

    async sendCode(rawPhone: string): Promise<void> {
      if (!(await system.isEnabled(SMS_ENABLED_PROPERTY))) throw new AppError('FORBIDDEN', '短信验证码未启用');
      if (!PHONE_PATTERN.test(rawPhone.trim())) throw badInput('请输入正确的手机号');
      const phone = normalizePhone(rawPhone);
      const code = sixDigitCode();
      const slot = await claimSendSlot(db, phone, hashCode(phone, code), new Date(Date.now() + CODE_TTL_MS), RESEND_SECONDS);
      if (!slot.claimed) {
        const wait = Math.max(1, RESEND_SECONDS - Math.floor((Date.now() - slot.sentAt.getTime()) / 1000));
        throw new AppError('TOO_MANY_REQUESTS', `验证码发送过于频繁，请 ${wait} 秒后再试`);
      }
      try {
        await provider.send(phone, code);
      } catch (error) {
        await deleteCode(db, phone); // the phone may try again at once: nothing was sent
        log.error({ err: error }, 'SMS provider failed');
        throw new AppError('INTERNAL', '短信服务暂时不可用，请稍后重试');
      }
    },

    /** Accepts a code once; a wrong, expired or over-tried code answers 202. */
    async consumeCode(rawPhone: string, code: string): Promise<void> {
      const phone = normalizePhone(rawPhone);
      const row = await findCode(db, phone);
      const invalid = new AppError('VERIFICATION_CODE_INVALID', '验证码错误或已过期，请重新获取');
      if (!row || row.expiresAt.getTime() < Date.now() || row.attempts >= MAX_ATTEMPTS) throw invalid;
      if (row.codeHash !== hashCode(phone, code)) {
        await countAttempt(db, phone);
        throw invalid;
      }
      await deleteCode(db, phone);
    },
  };
}
