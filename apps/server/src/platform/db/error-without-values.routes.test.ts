import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, nextPhone, startTestApp, type TestApp } from '../../../test/harness.js';

describe('a failed statement in the log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'error' }, undefined, { write: (line) => lines.push(line) });
    // A rule only this test has, so that registration fails inside the database after hashing.
    await t.rows(sql`alter table users add constraint test_no_boom check (nick_name <> '爆炸昵称')`);
  });
  afterAll(() => t.close());

  it('names the statement and the reason, without the hash or the user data it was given', async () => {
    const phone = nextPhone();
    const answer = await t.call('/api/user/register/by_username', {
      user_name: 'log_victim',
      password: 'very-secret-pw',
      nick_name: '爆炸昵称',
      phone,
    });
    expectCode(answer, 50001);
    const logged = lines.join('\n');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('Failed query: insert into');
    expect(logged).toContain('test_no_boom');
    for (const secret of ['$argon2', 'log_victim', '爆炸昵称', phone, 'very-secret-pw']) expect(logged).not.toContain(secret);
  });
});
