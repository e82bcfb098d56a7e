import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('sends a policy without inline scripts, no framing, nosniff and no referrer on API answers and pages', async () => {
    for (const url of ['/api/sms/internet_flag', '/version.json', '/kb/detail/1']) {
      const response = await t.app.inject({ method: url.startsWith('/api') ? 'POST' : 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets other sites frame the embed page only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/embed/agent/123' });
    expect(response.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('asks for HTTPS from then on only when the request came over HTTPS', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/sms/internet_flag', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
