import type { Logger } from '../../core/index.js';
import { OutboundError, type Outbound } from '../../platform/net/index.js';
import { postToConfigured } from './vendors/vendor-http.js';

/** What a provider tells about a code it accepted: the vendor's request id and message id, when it has them. */
export interface SmsReceipt {
  /** The vendor's success code (`OK`, `Ok`). */
  code?: string;
  requestId?: string | null;
  serialNo?: string | null;
}

/** Delivers a verification code to a phone; throws when it was not accepted. */
export interface SmsProvider {
  send(phone: string, code: string): Promise<SmsReceipt | void>;
}

/** Writes the code to the server log: for development, where no SMS is sent. */
export function logSmsProvider(log: Logger): SmsProvider {
  return {
    async send(phone, code) {
      log.info({ phone, code }, 'SMS verification code (log provider, development only)');
    },
  };
}

/** POSTs `{phone, code}` as JSON to the URL; anything but a 2xx answer is a failure. */
export function webhookSmsProvider(outbound: Outbound, url: string): SmsProvider {
  return {
    async send(phone, code) {
      const { status } = await postToConfigured(outbound, url, { 'content-type': 'application/json' }, JSON.stringify({ phone, code }));
      if (status < 200 || status >= 300) throw new OutboundError(`短信 Webhook 返回 HTTP ${status}`);
    },
  };
}
