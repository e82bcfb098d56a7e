import type { McpService } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { initialServiceValues, toTestBody, toUpdateServiceBody } from './service-form';

const saved = {
  id: '6f1c1f8e-3b7a-4f55-9a53-8d0f1f0c2a11',
  name: '天气',
  description: '',
  transport: 'streamable_http',
  url: 'https://mcp.test/mcp',
  headers: { Authorization: 'Bear****wxyz' },
  command: '',
  args: [],
  env: {},
  tags: ['出行'],
  is_public: false,
} as unknown as McpService;

describe('service form', () => {
  it('sends masked header values back unchanged and tests with the id so they stand for the stored ones', () => {
    const values = initialServiceValues(saved);
    expect(toUpdateServiceBody(saved.id, values)).toMatchObject({ id: saved.id, url: 'https://mcp.test/mcp', headers: { Authorization: 'Bear****wxyz' }, command: '' });
    expect(toTestBody(values, saved.id)).toMatchObject({ id: saved.id, transport: 'streamable_http', headers: { Authorization: 'Bear****wxyz' } });
    expect(toTestBody({ ...values, name: ' ' })).not.toHaveProperty('id');
  });

  it('sends the call limit in milliseconds, empty as the server default', () => {
    const values = initialServiceValues({ ...saved, call_timeout_ms: 2500 });
    expect(values.call_timeout_seconds).toBe(2.5);
    expect(toUpdateServiceBody(saved.id, values).call_timeout_ms).toBe(2500);
    expect(toUpdateServiceBody(saved.id, { ...values, call_timeout_seconds: null }).call_timeout_ms).toBeNull();
  });

  it("keeps only the chosen transport's settings", () => {
    const values = {
      ...initialServiceValues(saved),
      transport: 'stdio' as const,
      command: ' npx ',
      args: ['srv'],
      env: [
        { key: 'TOKEN', value: 'x' },
        { key: ' ', value: 'ignored' },
      ],
    };
    expect(toTestBody(values)).toEqual({ transport: 'stdio', url: '', headers: {}, command: 'npx', args: ['srv'], env: { TOKEN: 'x' }, name: '天气' });
  });
});
