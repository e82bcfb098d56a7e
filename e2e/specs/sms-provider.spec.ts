import { startAliyunSmsStandIn } from '../../apps/server/test/sms-stand-ins/aliyun-sms-stand-in';
import type { SmsStandIn } from '../../apps/server/test/sms-stand-ins/stand-in-server';
import { adminToken, setProperties } from '../support/api';
import { chooseOption, inDarkMode } from '../support/models';
import { expect, test } from '../support/test';
import { shot, toast, useToken } from '../support/ui';

// The administrator picks Alibaba Cloud SMS on the property page, fills it in, and sends a test code
// through a local stand-in that checks the signature as the vendor does; a wrong secret is refused and
// the vendor's answer shown in Chinese. The SMS properties are emptied again afterwards.

const ACCOUNT = { accessKeyId: 'LTAI5tE2eKeyId', accessKeySecret: 'e2e-aliyun-secret-value', signNames: ['端到端测试'], templates: { SMS_900000001: ['code'] } };
const SMS_CODES = ['provider', 'endpoint', 'sign_name', 'template_code', 'access_key_id', 'access_key_secret'].map((name) => `system.sms.${name}`);

test.describe('SMS provider', () => {
  let standIn: SmsStandIn;
  test.beforeAll(async () => {
    standIn = await startAliyunSmsStandIn(ACCOUNT);
  });
  test.afterAll(async () => {
    await standIn.close();
  });
  test.beforeEach(async ({ page, request }) => {
    await useToken(page, await adminToken(request));
  });
  test.afterEach(async ({ request }) => {
    await setProperties(request, Object.fromEntries(SMS_CODES.map((code) => [code, ''])));
  });

  test('Alibaba Cloud configured on the property page: a test code is accepted; a wrong secret is refused in Chinese', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/system/config/property');
    const card = page.locator('.ant-card').filter({ hasText: '短信服务商' }).first();
    await expect(card.getByRole('combobox', { name: '服务商' })).toBeVisible({ timeout: 30_000 });
    await chooseOption(page, '服务商', '阿里云短信服务');
    await card.getByLabel('短信接口地址').fill(standIn.url);
    await card.getByLabel('短信签名').fill('端到端测试');
    await card.getByLabel('模板 CODE').fill('SMS_900000001');
    await card.getByLabel('AccessKey ID').fill(ACCOUNT.accessKeyId);
    await expect(card.getByLabel('AccessKey Secret')).toHaveAttribute('placeholder', '未设置');
    await card.getByLabel('AccessKey Secret').fill(ACCOUNT.accessKeySecret);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'sms-provider-form');
    await card.getByRole('button', { name: '保存短信配置' }).click();
    await expect(toast(page, '短信配置已保存')).toBeVisible({ timeout: 20_000 });
    // Written, never shown again: the field is empty and says a secret is set.
    await expect(card.getByLabel('AccessKey Secret')).toHaveValue('');
    await expect(card.getByLabel('AccessKey Secret')).toHaveAttribute('placeholder', '已设置（输入新值以替换）');
    await expect(page.getByText(ACCOUNT.accessKeySecret)).toHaveCount(0);

    await card.getByLabel('接收测试验证码的手机号').fill('13912345678');
    await card.getByRole('button', { name: '发送测试验证码' }).click();
    const answer = card.getByRole('status');
    await expect(answer).toContainText('发送成功', { timeout: 20_000 });
    await expect(answer).toContainText('阿里云短信服务已受理测试验证码，请查看手机 139****5678 是否收到');
    await expect(answer).toContainText('服务商代码：OK');
    expect(standIn.accepted).toEqual([expect.objectContaining({ phone: '13912345678', signName: '端到端测试', template: 'SMS_900000001' })]);
    await shot(page, 'sms-provider-sent');

    // The first save's toast gone first: a fast run would otherwise see two of them.
    await expect(toast(page, '短信配置已保存')).toHaveCount(0, { timeout: 20_000 });
    await card.getByLabel('AccessKey Secret').fill('a-wrong-secret');
    await card.getByRole('button', { name: '保存短信配置' }).click();
    await expect(toast(page, '短信配置已保存')).toBeVisible({ timeout: 20_000 });
    await card.getByLabel('接收测试验证码的手机号').fill('13912345678');
    await card.getByRole('button', { name: '发送测试验证码' }).click();
    await expect(answer).toContainText('发送失败', { timeout: 20_000 });
    await expect(answer).toContainText('阿里云短信服务拒绝发送：签名校验失败，请检查 AccessKey Secret 是否正确（SignatureDoesNotMatch');
    await expect(answer).not.toContainText('string to sign'); // the vendor's string to sign (with the code in it) stays out of the page
    expect(standIn.accepted).toHaveLength(1);
    await shot(page, 'sms-provider-refused');
    await inDarkMode(page, () => shot(page, 'sms-provider-refused-dark'));
  });
});
