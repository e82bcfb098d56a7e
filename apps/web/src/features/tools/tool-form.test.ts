import type { ToolInfo } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { initialToolValues, toCreateToolBody, toUpdateToolBody } from './tool-form';

const saved: ToolInfo = {
  id: '6f1c1f8e-3b7a-4f55-9a53-8d0f1f0c2a11',
  name: 'get_weather',
  title: '天气',
  description: '查天气',
  kind: 'llm',
  tags: ['出行'],
  is_public: false,
  owner_id: 'u1',
  owner_name: '我',
  editable: true,
  input_schema: { type: 'object', properties: { city: { type: 'string' } } },
  config: { method: 'GET', url: 'https://api.test/w/{city}', headers: { 'X-A': '1' }, params: { city: 'path' }, auth: { type: 'bearer', token: 'abcd****wxyz' }, timeout_ms: 5000 },
  created_at: null,
  updated_at: null,
  provider: null,
};

describe('tool form', () => {
  it('sends a saved API tool back with its masked secret untouched (the server keeps the stored one)', () => {
    const body = toUpdateToolBody(saved.id, initialToolValues(saved));
    expect(body).toEqual({
      id: saved.id,
      name: 'get_weather',
      title: '天气',
      description: '查天气',
      tags: ['出行'],
      is_public: false,
      input_schema: saved.input_schema,
      config: { method: 'GET', url: 'https://api.test/w/{city}', headers: { 'X-A': '1' }, params: { city: 'path' }, auth: { type: 'bearer', token: 'abcd****wxyz' }, timeout_ms: 5000 },
    });
  });

  it("sends only the chosen kind's config", () => {
    const values = { ...initialToolValues(undefined, 'llm/kb'), name: 'kb', title: '检索', kb_ids: ['k1'], top_k: 3 };
    expect(toCreateToolBody(values)).toMatchObject({ kind: 'llm/kb', config: { kb_ids: ['k1'], top_k: 3, mode: 'hybrid' } });
    expect(toCreateToolBody(values)).not.toHaveProperty('input_schema');
    const vision = { ...initialToolValues(undefined, 'llm/multimodal'), llm_name: 'qwen-vl', prompt: ' ' };
    expect(toCreateToolBody(vision).config).toEqual({ task: 'vision', llm_name: 'qwen-vl' });
  });
});
