import { SMS_PROVIDER_LABELS } from '@agent-platform/contracts';

/** Vendor answers in Chinese: what a refusal means and what the administrator can do about it. */
const ALIYUN_MEANINGS: Record<string, string> = {
  SignatureDoesNotMatch: '签名校验失败，请检查 AccessKey Secret 是否正确',
  'InvalidAccessKeyId.NotFound': 'AccessKey ID 不存在，请检查是否填写正确',
  'InvalidAccessKeyId.Inactive': 'AccessKey 已被禁用',
  'InvalidTimeStamp.Expired': '请求时间与服务商相差过大，请检查服务器时钟',
  'InvalidTimeStamp.Format': '请求时间格式不正确',
  SignatureNonceUsed: '请求随机数重复（疑似重放），请重试',
  'isv.SMS_SIGNATURE_ILLEGAL': '短信签名不存在或未审核通过，请检查短信签名',
  'isv.SMS_TEMPLATE_ILLEGAL': '短信模板不存在或未审核通过，请检查模板 CODE',
  'isv.TEMPLATE_MISSING_PARAMETERS': '模板变量缺少对应的值，请检查模板变量名',
  'isv.INVALID_JSON_PARAM': '模板参数不是合法的 JSON',
  'isv.MOBILE_NUMBER_ILLEGAL': '手机号格式不正确',
  'isv.BUSINESS_LIMIT_CONTROL': '触发了服务商的发送频率限制，请稍后再试',
  'isv.AMOUNT_NOT_ENOUGH': '账户余额不足',
  'isv.OUT_OF_SERVICE': '账户已停机',
};

const TENCENT_MEANINGS: Record<string, string> = {
  'AuthFailure.SignatureFailure': '签名校验失败，请检查 SecretKey 是否正确',
  'AuthFailure.SecretIdNotFound': 'SecretId 不存在或已被禁用，请检查是否填写正确',
  'AuthFailure.SignatureExpire': '请求时间与服务商相差超过五分钟，请检查服务器时钟',
  'AuthFailure.InvalidAuthorization': '请求的 Authorization 头格式不正确',
  'AuthFailure.UnauthorizedOperation': '该密钥没有发送短信的权限',
  'FailedOperation.SignatureIncorrectOrUnapproved': '短信签名不存在或未审核通过，请检查短信签名',
  'FailedOperation.TemplateIncorrectOrUnapproved': '短信模板不存在或未审核通过，请检查模板 ID',
  'FailedOperation.InsufficientBalanceInSmsPackage': '短信套餐包余量不足',
  'InvalidParameterValue.SdkAppIdNotExist': '短信应用 SdkAppId 不存在，请检查是否填写正确',
  'InvalidParameterValue.IncorrectPhoneNumber': '手机号格式不正确',
  'InvalidParameterValue.TemplateParameterFormatError': '模板参数格式不正确（验证码类模板只接受 0～6 位数字）',
  'LimitExceeded.PhoneNumberDailyLimit': '该手机号今日接收短信已达服务商上限',
  'LimitExceeded.PhoneNumberThirtySecondLimit': '该手机号 30 秒内接收短信过于频繁',
  'LimitExceeded.PhoneNumberOneHourLimit': '该手机号 1 小时内接收短信过于频繁',
  MissingParameter: '请求缺少必填参数',
};

export type SmsVendor = 'aliyun' | 'tencent';

/** A vendor answered and refused: its own code and message, and what they mean in Chinese. */
export class SmsVendorError extends Error {
  override name = 'SmsVendorError';
  constructor(
    readonly vendor: SmsVendor,
    readonly vendorCode: string,
    readonly vendorMessage: string,
    readonly requestId: string | null,
  ) {
    const said = shortened(vendorMessage);
    super(`${SMS_PROVIDER_LABELS[vendor]}拒绝发送：${meaningOf(vendor, vendorCode)}（${vendorCode}${said ? `：${said}` : ''}）`);
  }
}

/** Alibaba Cloud appends its whole string to sign (the code inside) to a signature refusal: not for the page. */
function shortened(message: string): string {
  const plain = message.split(' server string to sign is:')[0]!.trim();
  return plain.length > 200 ? `${plain.slice(0, 200)}…` : plain;
}

function meaningOf(vendor: SmsVendor, code: string): string {
  const meanings = vendor === 'aliyun' ? ALIYUN_MEANINGS : TENCENT_MEANINGS;
  const known = meanings[code];
  if (known) return known;
  // Alibaba Cloud names a missing parameter `Missing<Name>`.
  if (vendor === 'aliyun' && /^Missing[A-Z]/.test(code)) return `请求缺少参数 ${code.slice('Missing'.length)}`;
  return '服务商返回了错误';
}
