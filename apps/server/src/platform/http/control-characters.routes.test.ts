import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';

const refused = (field: string) => `参数 ${field} 不合法：不能包含 NUL 等控制字符或无效字符`;

describe('NUL and other control characters in any text field', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signUp('ctl_admin');
    user = await t.signUp('ctl_user');
  });
  afterAll(() => t.close());

  it('refuses them with 40001 naming the field, on the calls that used to answer 500', async () => {
    const calls: Array<[string, unknown, string | undefined, string]> = [
      ['/api/user/login/by_username', { user_name: 'ctl_user\u0000', password: 'secret-123' }, undefined, 'user_name'],
      ['/ai-sdk-api/user/login/by_username', { user_name: 'x', password: 'pass\u0000word' }, undefined, 'password'],
      ['/api/user/update_userinfo', { nick_name: 'nick\u0000' }, user, 'nick_name'],
      ['/api/user/query_users_by_page', { keyword: 'a\u0001b' }, admin, 'keyword'],
      ['/api/agent/create', { name: 'agent\u0000' }, user, 'name'],
      ['/api/agent/create', { name: 'ok', system_prompt: 'escape \u001b[31m' }, user, 'system_prompt'],
      ['/api/kb/create_knowledge_base', { name: 'kb\u0000' }, user, 'name'],
      ['/api/tool/create', { kind: 'http', name: 'tool\u0000' }, user, 'name'],
      ['/api/service/create', { name: 'svc\u007f' }, user, 'name'],
      ['/api/llm/create_llm_model', { llm_name: 'm\u0000', type: 'llm' }, admin, 'llm_name'],
      ['/api/kb/list', { keyword: '\u0000' }, user, 'keyword'],
      ['/api/kb/update_docs_by_id', { segment_id: randomUUID(), text: 'seg\u0000' }, user, 'text'],
      ['/api/agent/create', { name: 'deep', suggested_questions: ['ok', 'bad\u0008'] }, user, 'suggested_questions.1'],
      ['/api/agent/create', { name: 'key', ['k\u0000']: 1 }, user, 'k\u0000'],
      ['/api/agent/create', { name: 'lone \ud800 surrogate' }, user, 'name'],
    ];
    for (const [url, body, token, field] of calls) expectCode(await t.call(url, body, token), 40001, refused(field));
    expectCode(await t.call('/api/agent/detail', 'id\u0000', user), 40001, '请求参数不合法：不能包含 NUL 等控制字符或无效字符');
    const query = await t.raw({ method: 'GET', url: `/api/kb/download_doc?doc_id=${encodeURIComponent('\u0000')}`, headers: { 'access-token': user } });
    expectCode(query, 40001, refused('doc_id'));
  });

  it('keeps tabs, line breaks and paired surrogates (emoji) as text', async () => {
    const kb = expectOk(await t.call('/api/kb/create_knowledge_base', { name: '制表\t符 😀', description: '第一行\r\n第二行\n\t缩进' }, user));
    expect(kb.name).toBe('制表\t符 😀');
    expect(kb.description).toBe('第一行\r\n第二行\n\t缩进');
  });
});
