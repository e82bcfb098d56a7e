import { PHONE_PATTERN, SMS_ENABLED_PROPERTY, type SmsTestResult } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { AppError, badInput, type Logger } from '../../core/index.js';
import { sha256, sixDigitCode } from '../../platform/security/index.js';
import type { SystemService } from '../system/index.js';
import { createChallenge, solveChallenge } from './sms-challenge.js';
import { countSend, uncountSend } from './sms-limits.repo.js';
import { claimSendSlot, countAttempt, deleteCode, findCode } from './sms.repo.js';
import type { ConfiguredSmsProvider } from './sms-provider-settings.js';
import { testFailure, testSuccess } from './sms-test-result.js';

export const RESEND_SECONDS = 60;
const CODE_TTL_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;

export type SmsService = ReturnType<typeof createSmsService>;

/** `+86`/`0086` prefixes are one phone with the bare number. */
export function normalizePhone(phone: string): string {
  return phone.trim().replace(/^(\+86|0086)/, '');
}

const hashCode = (phone: string, code: string) => sha256(`${phone}:${code}`);

export interface SmsLimits {
  /** Codes one client address may ask for per clock hour. */
  perAddressPerHour: number;
  /** Codes the whole server sends per clock hour. */
  perHour: number;
  /** Codes from one address per hour before each further one needs a solved challenge or a session. */
  challengeAfter: number;
}

/** Who asks for a code: the address, whether they are signed in, and their answer to a challenge. */
export interface SmsRequester {
  ip: string;
  signedIn: boolean;
  challengeId?: string;
  challengeAnswer?: string;
}

export function createSmsService(deps: { db: Db; system: SystemService; resolveProvider: () => Promise<ConfiguredSmsProvider>; log: Logger; limits: SmsLimits }) {
  const { db, system, resolveProvider, log, limits } = deps;

  function phoneOf(rawPhone: string): string {
    if (!PHONE_PATTERN.test(rawPhone.trim())) throw badInput('请输入正确的手机号');
    return normalizePhone(rawPhone);
  }

  /**
   * Counts the code per address and in all before sending (atomically, so parallel requests each see
   * their own number); answers a function that takes both counts back when the code is not sent.
   */
  async function reserveSend(requester: SmsRequester): Promise<() => Promise<void>> {
    const keys = [`ip:${requester.ip}`, 'all'];
    const [fromAddress = 0, inAll = 0] = await Promise.all(keys.map((key) => countSend(db, key)));
    const release = async () => {
      await Promise.all(keys.map((key) => uncountSend(db, key)));
    };
    try {
      if (fromAddress > limits.perAddressPerHour) throw new AppError('TOO_MANY_REQUESTS', '当前网络地址发送验证码次数过多，请一小时后再试');
      if (inAll > limits.perHour) throw new AppError('TOO_MANY_REQUESTS', '验证码发送量已达本小时上限，请稍后再试');
      if (fromAddress > limits.challengeAfter && !requester.signedIn) await solveChallenge(db, requester.challengeId, requester.challengeAnswer);
    } catch (error) {
      await release();
      throw error;
    }
    return release;
  }

  return {
    isEnabled: () => system.isEnabled(SMS_ENABLED_PROPERTY),

    createChallenge: () => createChallenge(db),

    async sendCode(rawPhone: string, requester: SmsRequester): Promise<void> {
      if (!(await system.isEnabled(SMS_ENABLED_PROPERTY))) throw new AppError('FORBIDDEN', '短信验证码未启用');
      const phone = phoneOf(rawPhone);
      const release = await reserveSend(requester);
      const code = sixDigitCode();
      const slot = await claimSendSlot(db, phone, hashCode(phone, code), new Date(Date.now() + CODE_TTL_MS), RESEND_SECONDS);
      if (!slot.claimed) {
        await release();
        const wait = Math.max(1, RESEND_SECONDS - Math.floor((Date.now() - slot.sentAt.getTime()) / 1000));
        throw new AppError('TOO_MANY_REQUESTS', `验证码发送过于频繁，请 ${wait} 秒后再试`);
      }
      try {
        const { provider } = await resolveProvider();
        await provider.send(phone, code);
      } catch (error) {
        await deleteCode(db, phone); // the phone may try again at once: nothing was sent
        await release();
        log.error({ err: error }, 'SMS provider failed');
        throw new AppError('INTERNAL', '短信服务暂时不可用，请稍后重试');
      }
    },

    /**
     * Administrators: sends a code that registers nothing through the configured provider, and answers
     * what the provider said. An incomplete configuration is refused (40001) before anything is sent.
     */
    async sendTestCode(rawPhone: string): Promise<SmsTestResult> {
      const phone = phoneOf(rawPhone);
      const { kind, provider } = await resolveProvider();
      try {
        return testSuccess(kind, phone, await provider.send(phone, sixDigitCode()));
      } catch (error) {
        log.warn({ err: error, provider: kind }, 'SMS test code not sent');
        return testFailure(kind, error);
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
