import { describe, expect, it } from 'vitest';
import { credentialDraftOf, credentialOf, credentialProblem, schemeOf } from './provider-form';

describe('tool-set credential form', () => {
  it('starts from the scheme the document declares and sends scheme and secret apart', () => {
    const draft = credentialDraftOf({ type: 'api_key', in: 'query', name: 'key' });
    expect(draft).toMatchObject({ type: 'api_key', in: 'query', name: 'key', mode: 'shared', secret: '' });
    expect(credentialOf(draft)).toBeUndefined();
    const filled = { ...draft, name: ' key ', secret: 'sk-1' };
    expect(schemeOf(filled)).toEqual({ type: 'api_key', in: 'query', name: 'key' });
    expect(credentialOf(filled)).toEqual({ secret: 'sk-1' });
  });

  it('keeps a masked stored secret as it was shown, and asks basic for a username', () => {
    const stored = credentialDraftOf({ type: 'basic' }, 'shared', { username: 'robot', secret: 'pw-b****0004' });
    expect(credentialOf(stored)).toEqual({ username: 'robot', secret: 'pw-b****0004' });
    expect(credentialProblem({ ...stored, username: ' ' })).toBe('Basic 认证需要填写用户名');
    expect(credentialProblem({ ...credentialDraftOf({ type: 'api_key', in: 'header', name: 'x' }), name: '' })).toBe('请输入 API Key 参数名');
    expect(schemeOf(credentialDraftOf({ type: 'bearer' }, 'per_user'))).toEqual({ type: 'bearer' });
    expect(credentialOf(credentialDraftOf({ type: 'none' }))).toBeUndefined();
  });
});
