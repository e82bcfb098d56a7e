import { createHash, createHmac } from 'node:crypto';
import { requestId, startStandIn, type SmsStandIn, type StandInAnswer, type StandInRequest } from './stand-in-server.js';

/** The account the stand-in knows: one SecretId/SecretKey, one SMS application, approved sign names, templates with their number of parameters. */
export interface TencentAccount {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signNames: string[];
  templates: Record<string, number>;
}

const TIMESTAMP_TOLERANCE_SECONDS = 300;
const AUTHORIZATION = /^TC3-HMAC-SHA256 Credential=([^/\s]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

/** API 3.0 answers everything with HTTP 200: a refusal is `Response.Error`. */
const refuse = (code: string, message: string): StandInAnswer => ({ status: 200, json: { Response: { Error: { Code: code, Message: message }, RequestId: requestId() } } });
const missingParameter = (name: string) => refuse('MissingParameter', `The request is missing a required parameter \`${name}\`.`);

/**
 * The gateway's own reckoning, written here apart from the platform's signer so that a mistake in one
 * is not repeated in the other: the signed headers in the order named, the body's SHA-256, the scope,
 * and the key chained from `TC3` + SecretKey through the date, the service and `tc3_request`.
 */
function reckon(request: StandInRequest, names: string[], timestamp: number, date: string, service: string, secretKey: string): string {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const lines = names
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .toLowerCase()}\n`,
    )
    .join('');
  const canonical = ['POST', '/', new URL(request.url, 'http://x').search.slice(1), lines, names.join(';'), sha256(request.body)].join('\n');
  const stringToSign = ['TC3-HMAC-SHA256', timestamp, `${date}/${service}/tc3_request`, sha256(canonical)].join('\n');
  const key = [date, service, 'tc3_request'].reduce<Buffer>((previous, part) => createHmac('sha256', previous).update(part).digest(), Buffer.from(`TC3${secretKey}`));
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

/** The signature problems, in the order the gateway checks them; null when the request is signed right. */
function authProblem(request: StandInRequest, account: TencentAccount): StandInAnswer | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  if (request.method !== 'POST') return refuse('UnsupportedOperation', 'The stand-in answers POST only.');
  const action = header('x-tc-action');
  if (!action) return missingParameter('Action');
  if (action !== 'SendSms') return refuse('InvalidAction', `The requested action \`${action}\` does not exist.`);
  const version = header('x-tc-version');
  if (!version) return missingParameter('Version');
  if (version !== '2021-01-11') return refuse('NoSuchVersion', `The requested version \`${version}\` of the action does not exist.`);
  if (!header('x-tc-region')) return missingParameter('Region');
  const timestamp = Number(header('x-tc-timestamp'));
  if (!header('x-tc-timestamp') || !Number.isInteger(timestamp)) return missingParameter('Timestamp');
  if (Math.abs(Date.now() / 1000 - timestamp) > TIMESTAMP_TOLERANCE_SECONDS) {
    return refuse('AuthFailure.SignatureExpire', '签名过期。Timestamp 和服务器时间相差不得超过五分钟，请检查本地时间是否和标准时间同步。');
  }
  const parts = AUTHORIZATION.exec(header('authorization') ?? '');
  if (!parts) return refuse('AuthFailure.InvalidAuthorization', '请求头部的 Authorization 不符合腾讯云标准。');
  const [, secretId, date, service, signedHeaders = '', signature] = parts;
  if (secretId !== account.secretId)
    return refuse('AuthFailure.SecretIdNotFound', '密钥不存在。请在控制台检查密钥是否已被删除或者禁用，如状态正常，请检查密钥是否填写正确，注意前后不得有空格。');
  const names = signedHeaders.split(';');
  const expected = reckon(request, names, timestamp, date!, service!, account.secretKey);
  const scopeRight = date === new Date(timestamp * 1000).toISOString().slice(0, 10) && service === 'sms' && names.includes('content-type') && names.includes('host');
  if (!scopeRight || expected !== signature) return refuse('AuthFailure.SignatureFailure', '请求签名验证失败，请检查您的签名计算是否正确。');
  return null;
}

interface SendSmsBody {
  PhoneNumberSet?: unknown;
  SmsSdkAppId?: unknown;
  SignName?: unknown;
  TemplateId?: unknown;
  TemplateParamSet?: unknown;
}

/**
 * A stand-in for Tencent Cloud SMS `SendSms` (API 3.0, 2021-01-11): checks the TC3-HMAC-SHA256 signature as
 * the gateway does (recomputed from the SecretKey over the signed headers and the body, the credential
 * scope's date and service, five minutes of clock difference), then the body, and answers each phone in
 * `SendStatusSet` as the service does.
 */
export function startTencentSmsStandIn(account: TencentAccount): Promise<SmsStandIn> {
  return startStandIn((request, accepted) => {
    const problem = authProblem(request, account);
    if (problem) return problem;
    let body: SendSmsBody;
    try {
      body = JSON.parse(request.body) as SendSmsBody;
    } catch {
      return refuse('InvalidParameter', '请求体不是合法的 JSON。');
    }
    for (const name of ['PhoneNumberSet', 'SmsSdkAppId', 'TemplateId'] as const) if (body[name] === undefined) return missingParameter(name);
    if (body.SmsSdkAppId !== account.sdkAppId) return refuse('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId不存在。');
    const phones = Array.isArray(body.PhoneNumberSet) ? body.PhoneNumberSet.map(String) : [];
    const values = Array.isArray(body.TemplateParamSet) ? body.TemplateParamSet.map(String) : [];
    const signName = typeof body.SignName === 'string' ? body.SignName : '';
    const template = String(body.TemplateId);
    const statusOf = (phone: string) => {
      if (!/^\+861\d{10}$/.test(phone)) return ['InvalidParameterValue.IncorrectPhoneNumber', '手机号格式错误。'];
      if (!account.signNames.includes(signName)) return ['FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误。'];
      if (account.templates[template] === undefined) return ['FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或内容不匹配。'];
      if (account.templates[template] !== values.length) return ['FailedOperation.TemplateParamSetNotMatchApprovedTemplate', '请求内容与审核通过的模板内容不匹配。'];
      accepted.push({ phone, signName, template, params: Object.fromEntries(values.map((value, index) => [String(index + 1), value])) });
      return ['Ok', 'send success'];
    };
    const SendStatusSet = phones.map((phone, index) => {
      const [Code, Message] = statusOf(phone);
      return { SerialNo: Code === 'Ok' ? `2028:${Date.now()}${index}` : '', PhoneNumber: phone, Fee: Code === 'Ok' ? 1 : 0, SessionContext: '', Code, Message, IsoCode: 'CN' };
    });
    return { status: 200, json: { Response: { SendStatusSet, RequestId: requestId() } } };
  });
}
