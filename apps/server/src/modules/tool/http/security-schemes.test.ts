import { describe, expect, it } from 'vitest';
import { authSchemeOf } from './security-schemes.js';

const same = (value: unknown) => value;
const schemes = (securitySchemes: Record<string, unknown>, security?: unknown[]) => ({ components: { securitySchemes }, ...(security ? { security } : {}) });

describe('authSchemeOf', () => {
  it('maps API keys in a header or the query, bearer and basic', () => {
    expect(authSchemeOf(schemes({ k: { type: 'apiKey', in: 'header', name: ' X-Key ' } }), same).auth).toEqual({ type: 'api_key', in: 'header', name: 'X-Key' });
    expect(authSchemeOf(schemes({ k: { type: 'apiKey', in: 'query', name: 'key' } }), same).auth).toEqual({ type: 'api_key', in: 'query', name: 'key' });
    expect(authSchemeOf(schemes({ b: { type: 'http', scheme: 'Bearer' } }), same).auth).toEqual({ type: 'bearer' });
    expect(authSchemeOf(schemes({ b: { type: 'http', scheme: 'basic' } }), same)).toEqual({ auth: { type: 'basic' }, notes: [] });
    expect(authSchemeOf({}, same)).toEqual({ auth: { type: 'none' }, notes: [] });
  });

  it('prefers what the document requires, passing over what tools cannot send with a note', () => {
    const document = schemes(
      {
        basic: { type: 'http', scheme: 'basic' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://x.test/.well-known' },
        key: { $ref: '#/components/securitySchemes/realKey' },
      },
      [{ oidc: [] }, { cookie: [], key: [] }],
    );
    const deref = (value: unknown) => ((value as { $ref?: string }).$ref ? { type: 'apiKey', in: 'query', name: 'token' } : value);
    expect(authSchemeOf(document, deref)).toEqual({
      auth: { type: 'api_key', in: 'query', name: 'token' },
      notes: [
        '认证方式「oidc」（openIdConnect）暂不支持，已忽略；可在工具集中改用 API Key、Bearer Token 或 Basic 认证',
        '认证方式「cookie」把 API Key 放在 cookie，暂只支持请求头或查询参数，已忽略',
      ],
    });
    expect(authSchemeOf(schemes({ d: { type: 'http', scheme: 'digest' } }), same)).toEqual({ auth: { type: 'none' }, notes: ['认证方式「d」（HTTP digest）暂不支持，已忽略'] });
  });
});
