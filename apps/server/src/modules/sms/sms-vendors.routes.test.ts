import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, nextPhone, startTestApp, type TestApp } from '../../../test/harness.js';
import { startAliyunSmsStandIn } from '../../../test/sms-stand-ins/aliyun-sms-stand-in.js';
import type { SmsStandIn } from '../../../test/sms-stand-ins/stand-in-server.js';
import { startTencentSmsStandIn } from '../../../test/sms-stand-ins/tencent-sms-stand-in.js';

const SEND = '/api/sms/send_verification_code';
const TEST = '/api/sms/send_test_code';
const UNAVAILABLE = '短信服务暂时不可用，请稍后重试';

const ALIYUN = { accessKeyId: 'LTAI5tStandInKeyId', accessKeySecret: 'aliyun-secret-for-tests-01', signNames: ['智能体平台'], templates: { SMS_465390001: ['code'] } };
const TENCENT = { secretId: 'AKIDStandInSecretId', secretKey: 'tencent-secret-for-tests-02', sdkAppId: '1400123456', signNames: ['智能体平台'], templates: { '2032001': 1 } };

describe('SMS through Alibaba Cloud and Tencent Cloud (local stand-ins that check signatures as the vendors do)', () => {
  let t: TestApp;
  let admin: string;
  let aliyun: SmsStandIn;
  let tencent: SmsStandIn;

  const configure = async (values: Record<string, string>) =>
    expectOk(await t.call('/api/system/property/update/batch', { items: Object.entries(values).map(([code, value]) => ({ code: `system.sms.${code}`, current_value: value })) }, admin));
  const useAliyun = (overrides: Record<string, string> = {}) =>
    configure({
      provider: 'aliyun',
      endpoint: aliyun.url,
      region: '',
      sign_name: ALIYUN.signNames[0]!,
      template_code: 'SMS_465390001',
      template_param: 'code',
      access_key_id: ALIYUN.accessKeyId,
      access_key_secret: ALIYUN.accessKeySecret,
      ...overrides,
    });
  const useTencent = (overrides: Record<string, string> = {}) =>
    configure({
      provider: 'tencent',
      endpoint: tencent.url,
      region: 'ap-guangzhou',
      sign_name: TENCENT.signNames[0]!,
      template_code: '2032001',
      sdk_app_id: TENCENT.sdkAppId,
      access_key_id: TENCENT.secretId,
      access_key_secret: TENCENT.secretKey,
      ...overrides,
    });
  const testSend = async (phone = nextPhone()) => expectOk(await t.call(TEST, { phone }, admin));
  const codeRow = async (phone: string) => (await t.rows(sql`select * from sms_codes where phone = ${phone}`))[0];

  beforeAll(async () => {
    [t, aliyun, tencent] = await Promise.all([startTestApp(), startAliyunSmsStandIn(ALIYUN), startTencentSmsStandIn(TENCENT)]);
    admin = await t.signUp('sms_vendor_admin');
    await t.setProperty(admin, 'system.sms.enabled', 'true');
  });
  afterAll(async () => {
    await Promise.all([t.close(), aliyun.close(), tencent.close()]);
  });

  it('Alibaba Cloud: a registration code is signed, accepted, and registers the user', async () => {
    await useAliyun();
    const phone = nextPhone();
    expectOk(await t.call(SEND, phone));
    const message = aliyun.accepted.at(-1)!;
    expect(message).toMatchObject({ phone, signName: '智能体平台', template: 'SMS_465390001' });
    expect(message.params.code).toMatch(/^\d{6}$/);
    const form = new URLSearchParams(aliyun.requests.at(-1)!.body);
    expect(Object.fromEntries(form)).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
    });
    expect(t.smsCodes.has(phone)).toBe(false); // the log provider was not used
    expectOk(await t.registerWith({ user_name: 'aliyun_user', phone, yzm: message.params.code }));
  });

  it('Alibaba Cloud: the test button reports acceptance, with the request id', async () => {
    await useAliyun({ template_param: 'num' });
    const refused = await testSend();
    // The template's variable is `code`: a code sent as `num` leaves it empty, and the vendor says so.
    expect(refused).toMatchObject({ sent: false, provider: 'aliyun', vendor_code: 'isv.TEMPLATE_MISSING_PARAMETERS' });
    expect(refused.message).toContain('模板变量缺少对应的值，请检查模板变量名');
    await useAliyun();
    const phone = nextPhone();
    const result = await testSend(phone);
    expect(result).toMatchObject({ sent: true, provider: 'aliyun', vendor_code: 'OK' });
    expect(result.request_id).toMatch(/^[0-9A-F-]{36}$/);
    expect(result.message).toContain('阿里云短信服务已受理测试验证码');
    expect(aliyun.accepted.at(-1)?.phone).toBe(phone);
    expect(await codeRow(phone)).toBeUndefined(); // a test code registers nothing
    const audit = await t.rows(sql`select detail from audit_entries where action = 'sms.test_send'`);
    expect(audit.map((row) => row.detail)).toContain(phone);
  });

  it('Alibaba Cloud: a wrong secret, key id or sign name is refused by the vendor and reported in Chinese', async () => {
    await useAliyun({ access_key_secret: 'not-the-secret' });
    const before = aliyun.accepted.length;
    const wrongSecret = await testSend();
    expect(wrongSecret).toMatchObject({ sent: false, provider: 'aliyun', vendor_code: 'SignatureDoesNotMatch' });
    expect(wrongSecret.message).toMatch(
      /^阿里云短信服务拒绝发送：签名校验失败，请检查 AccessKey Secret 是否正确（SignatureDoesNotMatch：Specified signature is not matched with our calculation\.）$/,
    );
    // A user asking for a code sees no vendor detail, and may ask again at once.
    const phone = nextPhone();
    expectCode(await t.call(SEND, phone), 50001, UNAVAILABLE);
    expect(await codeRow(phone)).toBeUndefined();

    await useAliyun({ access_key_id: 'LTAI5tSomeoneElse' });
    expect(await testSend()).toMatchObject({ sent: false, vendor_code: 'InvalidAccessKeyId.NotFound', message: expect.stringContaining('AccessKey ID 不存在') });
    await useAliyun({ sign_name: '未审核的签名' });
    expect(await testSend()).toMatchObject({ sent: false, vendor_code: 'isv.SMS_SIGNATURE_ILLEGAL', message: expect.stringContaining('短信签名不存在或未审核通过') });
    expect(aliyun.accepted.length).toBe(before);
  });

  it('Tencent Cloud: a registration code is signed with TC3-HMAC-SHA256, accepted, and registers the user', async () => {
    await useTencent();
    const phone = nextPhone();
    expectOk(await t.call(SEND, { phone }));
    const message = tencent.accepted.at(-1)!;
    expect(message).toMatchObject({ phone: `+86${phone}`, signName: '智能体平台', template: '2032001' });
    expect(message.params['1']).toMatch(/^\d{6}$/);
    const { headers } = tencent.requests.at(-1)!;
    expect(headers).toMatchObject({ 'x-tc-action': 'SendSms', 'x-tc-version': '2021-01-11', 'x-tc-region': 'ap-guangzhou', 'content-type': 'application/json; charset=utf-8' });
    expect(headers.authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKIDStandInSecretId\/\d{4}-\d{2}-\d{2}\/sms\/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=[0-9a-f]{64}$/,
    );
    expectOk(await t.registerWith({ user_name: 'tencent_user', phone, yzm: message.params['1'] }));

    const result = await testSend();
    expect(result).toMatchObject({ sent: true, provider: 'tencent', vendor_code: 'Ok', message: expect.stringContaining('腾讯云短信已受理测试验证码') });
  });

  it('Tencent Cloud: a wrong SecretKey, SecretId, application or template is refused and reported in Chinese', async () => {
    const before = tencent.accepted.length;
    await useTencent({ access_key_secret: 'not-the-secret-key' });
    const wrongSecret = await testSend();
    expect(wrongSecret).toMatchObject({ sent: false, provider: 'tencent', vendor_code: 'AuthFailure.SignatureFailure' });
    expect(wrongSecret.message).toBe('腾讯云短信拒绝发送：签名校验失败，请检查 SecretKey 是否正确（AuthFailure.SignatureFailure：请求签名验证失败，请检查您的签名计算是否正确。）');
    expect(wrongSecret.request_id).toMatch(/\S/);
    expectCode(await t.call(SEND, nextPhone()), 50001, UNAVAILABLE);

    await useTencent({ access_key_id: 'AKIDSomeoneElse' });
    expect(await testSend()).toMatchObject({ vendor_code: 'AuthFailure.SecretIdNotFound', message: expect.stringContaining('SecretId 不存在或已被禁用') });
    await useTencent({ sdk_app_id: '1400999999' });
    expect(await testSend()).toMatchObject({ vendor_code: 'InvalidParameterValue.SdkAppIdNotExist', message: expect.stringContaining('短信应用 SdkAppId 不存在') });
    await useTencent({ template_code: '999' });
    expect(await testSend()).toMatchObject({ vendor_code: 'FailedOperation.TemplateIncorrectOrUnapproved', message: expect.stringContaining('短信模板不存在或未审核通过') });
    expect(tencent.accepted.length).toBe(before);
  });

  it('an unreachable endpoint is reported in Chinese, not as a vendor answer', async () => {
    const closed = await startAliyunSmsStandIn(ALIYUN);
    await closed.close();
    await useAliyun({ endpoint: closed.url });
    const result = await testSend();
    expect(result).toMatchObject({ sent: false, provider: 'aliyun', vendor_code: null, request_id: null });
    expect(result.message).toMatch(/^阿里云短信服务发送失败：无法连接 127\.0\.0\.1:\d+/);
  });
});
