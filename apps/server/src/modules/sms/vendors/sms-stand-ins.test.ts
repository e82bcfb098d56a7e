import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAliyunSmsStandIn } from '../../../../test/sms-stand-ins/aliyun-sms-stand-in.js';
import type { SmsStandIn } from '../../../../test/sms-stand-ins/stand-in-server.js';
import { startTencentSmsStandIn } from '../../../../test/sms-stand-ins/tencent-sms-stand-in.js';
import { canonicalizedQuery, percentEncode, rpcSignature } from './aliyun-signature.js';
import { tc3Authorization } from './tencent-signature.js';

/**
 * The stand-ins refuse what the vendors refuse, in the vendors' shapes: requests signed here by hand
 * (a stale clock, a replayed nonce, a missing parameter) that the providers themselves never send.
 */
const ALIYUN = { accessKeyId: 'LTAI-unit', accessKeySecret: 'aliyun-unit-secret', signNames: ['测试'], templates: { SMS_1: ['code'] } };
const TENCENT = { secretId: 'AKID-unit', secretKey: 'tencent-unit-secret', sdkAppId: '1400000001', signNames: ['测试'], templates: { '1001': 1 } };

describe('the Alibaba Cloud stand-in', () => {
  let standIn: SmsStandIn;
  beforeAll(async () => {
    standIn = await startAliyunSmsStandIn(ALIYUN);
  });
  afterAll(() => standIn.close());

  const params = (overrides: Record<string, string | undefined> = {}) => {
    const all: Record<string, string | undefined> = {
      AccessKeyId: ALIYUN.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '13800000000',
      RegionId: 'cn-hangzhou',
      SignName: '测试',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"123456"}',
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
      ...overrides,
    };
    return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
  };
  const post = async (fields: Record<string, string>, secret = ALIYUN.accessKeySecret) => {
    const body = `Signature=${percentEncode(rpcSignature('POST', fields, secret))}&${canonicalizedQuery(fields)}`;
    const response = await fetch(`${standIn.url}/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };

  it('accepts a request signed as documented, once per nonce', async () => {
    const fields = params();
    expect(await post(fields)).toMatchObject({ status: 200, body: { Code: 'OK', Message: 'OK' } });
    expect(await post(fields)).toMatchObject({ status: 400, body: { Code: 'SignatureNonceUsed', Message: 'Specified signature nonce was used already.' } });
  });

  it('refuses a stale timestamp, a wrong secret, and missing parameters with the gateway codes', async () => {
    const stale = new Date(Date.now() - 16 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(await post(params({ Timestamp: stale }))).toMatchObject({ status: 400, body: { Code: 'InvalidTimeStamp.Expired' } });
    expect(await post(params({ Timestamp: '2026-01-01 00:00:00' }))).toMatchObject({ status: 400, body: { Code: 'InvalidTimeStamp.Format' } });
    const wrong = await post(params(), 'another-secret');
    expect(wrong).toMatchObject({ status: 400, body: { Code: 'SignatureDoesNotMatch', HostId: 'dysmsapi.aliyuncs.com' } });
    expect(wrong.body.Message).toContain('server string to sign is:POST&%2F&AccessKeyId%3DLTAI-unit');
    expect(await post(params({ PhoneNumbers: undefined }))).toMatchObject({ status: 400, body: { Code: 'MissingPhoneNumbers', Message: 'PhoneNumbers is mandatory for this action.' } });
    expect(await post(params({ SignatureNonce: undefined }))).toMatchObject({ status: 400, body: { Code: 'MissingSignatureNonce' } });
    expect(await post(params({ TemplateParam: '{"code":123456}' }))).toMatchObject({ status: 200, body: { Code: 'isv.INVALID_JSON_PARAM' } });
    expect(await post(params({ PhoneNumbers: '1380000' }))).toMatchObject({ status: 200, body: { Code: 'isv.MOBILE_NUMBER_ILLEGAL' } });
    expect(standIn.accepted).toHaveLength(1);
  });
});

describe('the Tencent Cloud stand-in', () => {
  let standIn: SmsStandIn;
  beforeAll(async () => {
    standIn = await startTencentSmsStandIn(TENCENT);
  });
  afterAll(() => standIn.close());

  const send = async (body: Record<string, unknown>, { timestamp = Math.floor(Date.now() / 1000), secretKey = TENCENT.secretKey, headers = {} as Record<string, string> } = {}) => {
    const payload = JSON.stringify(body);
    const signed = { 'content-type': 'application/json; charset=utf-8', host: new URL(standIn.url).host };
    const authorization = tc3Authorization(TENCENT.secretId, secretKey, 'sms', timestamp, { method: 'POST', query: '', headers: signed, payload });
    const response = await fetch(`${standIn.url}/`, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': signed['content-type'],
        'x-tc-action': 'SendSms',
        'x-tc-version': '2021-01-11',
        'x-tc-timestamp': String(timestamp),
        'x-tc-region': 'ap-guangzhou',
        ...headers,
      },
      body: payload,
    });
    expect(response.status).toBe(200); // API 3.0 answers refusals with 200 too
    return ((await response.json()) as { Response: Record<string, unknown> }).Response;
  };
  const valid = { PhoneNumberSet: ['+8613800000000'], SmsSdkAppId: TENCENT.sdkAppId, SignName: '测试', TemplateId: '1001', TemplateParamSet: ['123456'] };

  it('accepts a request signed as documented (content-type;host only) and answers each phone', async () => {
    const answer = await send(valid);
    expect(answer).toMatchObject({ SendStatusSet: [{ Code: 'Ok', Message: 'send success', PhoneNumber: '+8613800000000', Fee: 1 }] });
    expect(answer.RequestId).toMatch(/\S/);
  });

  it('refuses a stale timestamp, a wrong key, a wrong version and missing parameters with the gateway codes', async () => {
    const error = async (...args: Parameters<typeof send>) => ((await send(...args)) as { Error?: { Code: string; Message: string } }).Error;
    expect(await error(valid, { timestamp: Math.floor(Date.now() / 1000) - 301 })).toMatchObject({ Code: 'AuthFailure.SignatureExpire' });
    expect(await error(valid, { secretKey: 'another-key' })).toEqual({ Code: 'AuthFailure.SignatureFailure', Message: '请求签名验证失败，请检查您的签名计算是否正确。' });
    expect(await error(valid, { headers: { 'x-tc-version': '2019-07-11' } })).toMatchObject({ Code: 'NoSuchVersion' });
    expect(await error(valid, { headers: { authorization: 'TC3-HMAC-SHA256 nonsense' } })).toMatchObject({ Code: 'AuthFailure.InvalidAuthorization' });
    expect(await error({ ...valid, SmsSdkAppId: undefined })).toEqual({ Code: 'MissingParameter', Message: 'The request is missing a required parameter `SmsSdkAppId`.' });
    // A body changed after signing no longer matches its signature.
    const timestamp = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify(valid);
    const authorization = tc3Authorization(TENCENT.secretId, TENCENT.secretKey, 'sms', timestamp, {
      method: 'POST',
      query: '',
      headers: { 'content-type': 'application/json', host: new URL(standIn.url).host },
      payload,
    });
    const tampered = await fetch(`${standIn.url}/`, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': 'application/json',
        'x-tc-action': 'SendSms',
        'x-tc-version': '2021-01-11',
        'x-tc-timestamp': String(timestamp),
        'x-tc-region': 'ap-guangzhou',
      },
      body: payload.replace('13800000000', '13900000000'),
    });
    expect(await tampered.json()).toMatchObject({ Response: { Error: { Code: 'AuthFailure.SignatureFailure' } } });
    expect(await send({ ...valid, PhoneNumberSet: ['13800000000'], TemplateParamSet: ['1', '2'] })).toMatchObject({
      SendStatusSet: [{ Code: 'InvalidParameterValue.IncorrectPhoneNumber', Fee: 0 }],
    });
    expect(await send({ ...valid, TemplateParamSet: ['1', '2'] })).toMatchObject({ SendStatusSet: [{ Code: 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate' }] });
    expect(standIn.accepted).toHaveLength(1);
  });
});
