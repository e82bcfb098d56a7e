import type { Logger } from '../../core/index.js';
import type { Config } from '../../config.js';

/** Delivers a verification code to a phone. */
export interface SmsProvider {
  send(phone: string, code: string): Promise<void>;
}

const WEBHOOK_TIMEOUT_MS = 5_000;

export function createSmsProvider(config: Config, log: Logger): SmsProvider {
  if (config.SMS_PROVIDER === 'webhook' && config.SMS_WEBHOOK_URL) return webhookProvider(config.SMS_WEBHOOK_URL);
  return {
    async send(phone, code) {
      log.info({ phone, code }, 'SMS verification code (log provider, development only)');
    },
  };
}

/** POSTs `{phone, code}` as JSON to the configured URL; anything but a 2xx answer is a failure. */
function webhookProvider(url: string): SmsProvider {
  return {
    async send(phone, code) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, code }),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`SMS webhook answered HTTP ${response.status}`);
    },
  };
}
