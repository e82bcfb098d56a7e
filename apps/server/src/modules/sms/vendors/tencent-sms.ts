import { SMS_PROVIDER_LABELS } from '@agent-platform/contracts';
import { z } from 'zod';
import type { Outbound } from '../../../platform/net/index.js';
import type { SmsProvider } from '../sms.providers.js';
import { tc3Authorization } from './tencent-signature.js';
import { SmsVendorError } from './vendor-errors.js';
import { postForJson, rootOf } from './vendor-http.js';

export interface TencentSmsSettings {
  endpoint: string;
  region: string;
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
}

export const TENCENT_SMS_VERSION = '2021-01-11';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const codeAndMessage = z.object({ Code: z.string(), Message: z.string().optional() });
const answerSchema = z.object({
  Response: z.object({
    Error: codeAndMessage.optional(),
    SendStatusSet: z.array(codeAndMessage.extend({ SerialNo: z.string().optional() })).optional(),
    RequestId: z.string().optional(),
  }),
});

/** Tencent Cloud SMS (API 3.0 `SendSms`, version 2021-01-11), signed with TC3-HMAC-SHA256. */
export function tencentSmsProvider(outbound: Outbound, settings: TencentSmsSettings): SmsProvider {
  return {
    async send(phone, code) {
      const url = rootOf(settings.endpoint);
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: settings.sdkAppId,
        SignName: settings.signName,
        TemplateId: settings.templateId,
        TemplateParamSet: [code],
      });
      const timestamp = Math.floor(Date.now() / 1000);
      // The signed headers: content-type and host, which the API requires, and the action.
      const signed = { 'content-type': CONTENT_TYPE, host: new URL(url).host, 'x-tc-action': 'SendSms' };
      const headers = {
        authorization: tc3Authorization(settings.secretId, settings.secretKey, 'sms', timestamp, { method: 'POST', query: '', headers: signed, payload }),
        'content-type': CONTENT_TYPE,
        'x-tc-action': 'SendSms',
        'x-tc-version': TENCENT_SMS_VERSION,
        'x-tc-timestamp': String(timestamp),
        'x-tc-region': settings.region,
        'x-tc-language': 'zh-CN',
      };
      const { status, json } = await postForJson(outbound, url, headers, payload, SMS_PROVIDER_LABELS.tencent);
      const answer = answerSchema.safeParse(json);
      if (!answer.success) throw new SmsVendorError('tencent', `HTTP ${status}`, '回答格式无法识别', null);
      const { Error: refusal, SendStatusSet: statuses = [], RequestId: requestId = null } = answer.data.Response;
      if (refusal) throw new SmsVendorError('tencent', refusal.Code, refusal.Message ?? '', requestId);
      const status0 = statuses[0];
      if (!status0) throw new SmsVendorError('tencent', 'EmptySendStatusSet', '没有返回发送结果', requestId);
      if (status0.Code !== 'Ok') throw new SmsVendorError('tencent', status0.Code, status0.Message ?? '', requestId);
      return { code: status0.Code, requestId, serialNo: status0.SerialNo ?? null };
    },
  };
}
