/** The SMS providers and the properties an administrator configures them with; no zod here, the web imports these. */
export const SMS_PROVIDER_KINDS = ['log', 'webhook', 'aliyun', 'tencent'] as const;
export type SmsProviderKind = (typeof SMS_PROVIDER_KINDS)[number];

export const SMS_PROVIDER_LABELS: Record<SmsProviderKind, string> = {
  log: '仅写入服务器日志（开发用）',
  webhook: 'Webhook（POST JSON 到指定地址）',
  aliyun: '阿里云短信服务',
  tencent: '腾讯云短信',
};

/** The properties an administrator configures the SMS provider with, by what each holds. */
export const SMS_PROPERTY = {
  provider: 'system.sms.provider',
  endpoint: 'system.sms.endpoint',
  region: 'system.sms.region',
  signName: 'system.sms.sign_name',
  templateCode: 'system.sms.template_code',
  templateParam: 'system.sms.template_param',
  sdkAppId: 'system.sms.sdk_app_id',
  accessKeyId: 'system.sms.access_key_id',
  accessKeySecret: 'system.sms.access_key_secret',
} as const;

/** The vendors' public endpoints, used when `system.sms.endpoint` is empty. */
export const SMS_DEFAULT_ENDPOINTS = { aliyun: 'https://dysmsapi.aliyuncs.com', tencent: 'https://sms.tencentcloudapi.com' } as const;
export const SMS_DEFAULT_REGIONS = { aliyun: 'cn-hangzhou', tencent: 'ap-guangzhou' } as const;
/** The variable of an Alibaba Cloud template that receives the code (`${code}`), unless configured otherwise. */
export const SMS_DEFAULT_TEMPLATE_PARAM = 'code';

/** What `/sms/send_test_code` answers: whether the provider accepted the code, and its answer in Chinese. */
export interface SmsTestResult {
  sent: boolean;
  provider: SmsProviderKind;
  /** The provider's answer in Chinese (with the vendor's own code when it refused). */
  message: string;
  /** The vendor's code (`OK`, `Ok`, `SignatureDoesNotMatch`, `AuthFailure.SignatureFailure`, …), when a vendor answered. */
  vendor_code: string | null;
  /** The vendor's request id, to quote to its support. */
  request_id: string | null;
}
