import { createHmac } from 'node:crypto';
import { requestId, startStandIn, type SmsStandIn, type StandInAnswer, type StandInRequest } from './stand-in-server.js';

/** The account the stand-in knows: its one AccessKey pair, approved sign names, and templates with their variables. */
export interface AliyunAccount {
  accessKeyId: string;
  accessKeySecret: string;
  signNames: string[];
  templates: Record<string, string[]>;
}

const TIMESTAMP_TOLERANCE_MS = 15 * 60_000;
const COMMON = ['AccessKeyId', 'Action', 'SignatureMethod', 'SignatureNonce', 'SignatureVersion', 'Timestamp', 'Version', 'Signature'];

/** Alibaba Cloud's gateway refusals: an HTTP error status and its JSON error body. */
const refuse = (status: number, code: string, message: string): StandInAnswer => ({
  status,
  json: { RequestId: requestId(), HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message, Recommend: `https://api.aliyun.com/troubleshoot?q=${code}` },
});
/** Dysmsapi's own refusals come with HTTP 200 and a `Code` other than `OK`. */
const reject = (code: string, message: string): StandInAnswer => ({ status: 200, json: { RequestId: requestId(), Code: code, Message: message } });

/**
 * The gateway's own reckoning, written here apart from the platform's signer so that a mistake in one
 * is not repeated in the other: RFC 3986 encoding, parameters by name, `METHOD&%2F&…`, HMAC-SHA1 under `secret&`.
 */
function reckon(method: string, params: Record<string, string>, secret: string): { stringToSign: string; signature: string } {
  const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  const names = Object.keys(params).filter((name) => name !== 'Signature');
  names.sort((a, b) => (a < b ? -1 : 1));
  const query = names.map((name) => `${encode(name)}=${encode(params[name]!)}`).join('&');
  const stringToSign = `${method}&${encode('/')}&${encode(query)}`;
  return { stringToSign, signature: createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64') };
}

function paramsOf(request: StandInRequest): Record<string, string> {
  const params = Object.fromEntries(new URL(request.url, 'http://x').searchParams);
  if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) Object.assign(params, Object.fromEntries(new URLSearchParams(request.body)));
  return params;
}

/**
 * A stand-in for Dysmsapi 2017-05-25 `SendSms`: checks the RPC signature as the gateway does (recomputed
 * from the secret over every parameter but `Signature`), the timestamp (15 minutes either way), a nonce
 * used once, then the parameters, the sign name, the template and its variables; answers in the
 * service's JSON format.
 */
export function startAliyunSmsStandIn(account: AliyunAccount): Promise<SmsStandIn> {
  const nonces = new Set<string>();
  return startStandIn((request, accepted) => {
    const params = paramsOf(request);
    const missing = COMMON.find((name) => !params[name]);
    if (missing) return refuse(400, `Missing${missing}`, `${missing} is mandatory for this action.`);
    if (params.Version !== '2017-05-25') return refuse(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
    if (params.Action !== 'SendSms') return refuse(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0') return refuse(400, 'InvalidSignatureMethod', 'Specified signature method is not supported.');
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(params.Timestamp!)) return refuse(400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.');
    if (Math.abs(Date.now() - Date.parse(params.Timestamp!)) > TIMESTAMP_TOLERANCE_MS) return refuse(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    if (params.AccessKeyId !== account.accessKeyId) return refuse(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (nonces.has(params.SignatureNonce!)) return refuse(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    const { stringToSign, signature } = reckon(request.method, params, account.accessKeySecret);
    if (signature !== params.Signature) return refuse(400, 'SignatureDoesNotMatch', `Specified signature is not matched with our calculation. server string to sign is:${stringToSign}`);
    nonces.add(params.SignatureNonce!);

    for (const name of ['PhoneNumbers', 'SignName', 'TemplateCode']) if (!params[name]) return refuse(400, `Missing${name}`, `${name} is mandatory for this action.`);
    const { PhoneNumbers: phone = '', SignName: signName = '', TemplateCode: template = '' } = params;
    if (!/^1\d{10}$/.test(phone)) return reject('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    if (!account.signNames.includes(signName)) return reject('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    const variables = account.templates[template];
    if (!variables) return reject('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    let values: Record<string, unknown>;
    try {
      values = JSON.parse(params.TemplateParam ?? '{}') as Record<string, unknown>;
    } catch {
      return reject('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    if (typeof values !== 'object' || values === null || Object.values(values).some((value) => typeof value !== 'string'))
      return reject('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    if (variables.some((name) => !(name in values))) return reject('isv.TEMPLATE_MISSING_PARAMETERS', '模板变量缺少对应参数值');
    accepted.push({ phone, signName, template, params: values as Record<string, string> });
    return { status: 200, json: { Message: 'OK', RequestId: requestId(), Code: 'OK', BizId: `${Date.now()}${accepted.length}^0` } };
  });
}
