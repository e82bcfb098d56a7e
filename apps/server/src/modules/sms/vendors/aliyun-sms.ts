import { SMS_PROVIDER_LABELS } from '@agent-platform/contracts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Outbound } from '../../../platform/net/index.js';
import type { SmsProvider } from '../sms.providers.js';
import { canonicalizedQuery, percentEncode, rpcSignature } from './aliyun-signature.js';
import { SmsVendorError } from './vendor-errors.js';
import { postForJson, rootOf } from './vendor-http.js';

export interface AliyunSmsSettings {
  endpoint: string;
  regionId: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** The template's variable that receives the code (`code` for `${code}`). */
  templateParam: string;
}

const answerSchema = z.object({
  Code: z.string().optional(),
  Message: z.string().optional(),
  RequestId: z.string().optional(),
  BizId: z.string().optional(),
});

/** Alibaba Cloud SMS (Dysmsapi 2017-05-25 `SendSms`), signed with the RPC signature, POSTed as a form. */
export function aliyunSmsProvider(outbound: Outbound, settings: AliyunSmsSettings): SmsProvider {
  return {
    async send(phone, code) {
      const params: Record<string, string> = {
        AccessKeyId: settings.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: phone,
        RegionId: settings.regionId,
        SignName: settings.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: settings.templateCode,
        TemplateParam: JSON.stringify({ [settings.templateParam]: code }),
        // ISO 8601 in UTC without milliseconds, as the API asks.
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const body = `Signature=${percentEncode(rpcSignature('POST', params, settings.accessKeySecret))}&${canonicalizedQuery(params)}`;
      const { status, json } = await postForJson(outbound, rootOf(settings.endpoint), { 'content-type': 'application/x-www-form-urlencoded' }, body, SMS_PROVIDER_LABELS.aliyun);
      const answer = answerSchema.safeParse(json);
      const fields = answer.success ? answer.data : {};
      if (status === 200 && fields.Code === 'OK') return { code: fields.Code, requestId: fields.RequestId ?? null, serialNo: fields.BizId ?? null };
      throw new SmsVendorError('aliyun', fields.Code ?? `HTTP ${status}`, fields.Message ?? '', fields.RequestId ?? null);
    },
  };
}
