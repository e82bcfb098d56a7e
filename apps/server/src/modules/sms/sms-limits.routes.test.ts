import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, nextPhone, startTestApp, type TestApp } from '../../../test/harness.js';

const SEND = '/api/sms/send_verification_code';
const CHALLENGE = '/api/sms/challenge';

/** Reads the sum off the challenge's image the way a person would. */
function solve(image: string): string {
  const svg = Buffer.from(image.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');
  const text = [...svg.matchAll(/<text[^>]*>([^<])<\/text>/g)].map((match) => match[1]).join('');
  const [, a, b] = /^(\d+)\+(\d+)=\?$/.exec(text.replaceAll(' ', '')) ?? [];
  return String(Number(a) + Number(b));
}

describe('verification codes per address, in all, and the challenge', () => {
  let t: TestApp;
  let userToken: string;
  beforeAll(async () => {
    t = await startTestApp({ SMS_MAX_PER_IP_PER_HOUR: '6', SMS_MAX_PER_HOUR: '9', SMS_CHALLENGE_AFTER: '2' });
    const admin = await t.signUp('smsl_admin');
    userToken = await t.signUp('smsl_user');
    await t.setProperty(admin, 'system.sms.enabled', 'true');
  });
  afterAll(() => t.close());

  const send = (body: unknown, ip: string, token?: string) => t.call(SEND, body, token, { ip });
  const challenge = async () => expectOk(await t.call(CHALLENGE)) as { challenge_id: string; image: string };

  it('asks one address for a solved challenge after a few codes to different phones, and counts it per hour', async () => {
    const ip = '10.8.0.1';
    expectOk(await send(nextPhone(), ip));
    expectOk(await send(nextPhone(), ip));
    const phone = nextPhone();
    expectCode(await send(phone, ip), 42801, '发送验证码过于频繁，请先完成人机验证');
    expect(t.smsCodes.has(phone)).toBe(false);

    const wrong = await challenge();
    expect(wrong.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expectCode(await send({ phone, challenge_id: wrong.challenge_id, challenge_answer: '-1' }, ip), 42801, '人机验证答案不正确，请重试');
    // A challenge is tried once: the right answer afterwards does not revive it.
    expectCode(await send({ phone, challenge_id: wrong.challenge_id, challenge_answer: solve(wrong.image) }, ip), 42801, '人机验证已过期，请刷新后重试');

    const right = await challenge();
    expectOk(await send({ phone, challenge_id: right.challenge_id, challenge_answer: solve(right.image) }, ip));
    expect(t.smsCodes.get(phone)).toMatch(/^\d{6}$/);

    // A signed-in caller needs no challenge; the address's hourly limit still holds.
    for (let i = 0; i < 3; i += 1) expectOk(await send(nextPhone(), ip, userToken));
    expectCode(await send(nextPhone(), ip, userToken), 42901, '当前网络地址发送验证码次数过多，请一小时后再试');
    // Another address is not affected.
    expectOk(await send(nextPhone(), '10.8.0.2'));
  });

  it('limits codes from the whole server per hour, whatever the addresses', async () => {
    // 7 sent above; two more fit in the 9 of this hour.
    expectOk(await send(nextPhone(), '10.8.1.1'));
    expectOk(await send(nextPhone(), '10.8.1.2'));
    expectCode(await send(nextPhone(), '10.8.1.3'), 42901, '验证码发送量已达本小时上限，请稍后再试');
  });
});
