import type { LlmModel } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { baseUrlAfterProviderChange, initialValues, toCreateBody, toTestBody, toUpdateBody } from './model-form';

const saved: LlmModel = {
  id: '6f1c1f8e-3b7a-4f55-9a53-8d0f1f0c2a11',
  llm_name: 'deepseek-chat',
  display_name: 'DeepSeek 对话',
  type: 'chat',
  provider: 'deepseek',
  base_url: 'https://api.deepseek.com/v1',
  api_key: 'sk-a****wxyz',
  has_api_key: true,
  upstream_model: 'deepseek-chat',
  context_window: 65536,
  temperature: 0.7,
  top_p: null,
  max_tokens: 4096,
  supports_tools: true,
  supports_vision: false,
  description: '',
  status: 'enabled',
  is_public: false,
  owner_id: 'u1',
  can_edit: true,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

describe('the model form', () => {
  it('keeps the stored key while the masked value is untouched, clears it when emptied, sends a new one', () => {
    const values = initialValues(saved);
    expect(values.api_key).toBe('sk-a****wxyz');
    expect(toUpdateBody(saved, values)).not.toHaveProperty('api_key');
    expect(toTestBody(values, saved)).not.toHaveProperty('api_key');
    expect(toUpdateBody(saved, { ...values, api_key: '' }).api_key).toBe('');
    expect(toUpdateBody(saved, { ...values, api_key: ' sk-new-key-123 ' }).api_key).toBe('sk-new-key-123');
  });

  it('sends generation settings only for chat and vision models', () => {
    const chat = toCreateBody({ ...initialValues(), llm_name: 'm1', base_url: 'http://127.0.0.1:1/v1', temperature: 0.3 });
    expect(chat).toMatchObject({ type: 'chat', temperature: 0.3, top_p: null, max_tokens: null, supports_tools: false, context_window: 8192 });
    const embedding = toCreateBody({ ...initialValues(), type: 'embedding', llm_name: 'e1', base_url: 'http://x/v1', temperature: 0.3 });
    expect(embedding).not.toHaveProperty('temperature');
    expect(embedding).not.toHaveProperty('supports_tools');
    expect(embedding).toHaveProperty('context_window', 8192);
    const stt = toCreateBody({ ...initialValues(), type: 'stt', llm_name: 's1', base_url: 'http://x/v1' });
    expect(stt).not.toHaveProperty('context_window');
  });

  it('names the upstream model after the model when left empty, and leaves an unset key out', () => {
    const body = toCreateBody({ ...initialValues(), llm_name: ' my-model ', base_url: 'http://x/v1' });
    expect(body).toMatchObject({ llm_name: 'my-model', upstream_model: 'my-model', status: 'enabled' });
    expect(body).not.toHaveProperty('api_key');
    expect(toTestBody({ ...initialValues(), llm_name: 'my-model', base_url: 'http://x/v1' })).toEqual({
      llm_name: 'my-model',
      type: 'chat',
      provider: 'openai-compatible',
      base_url: 'http://x/v1',
      upstream_model: 'my-model',
    });
  });

  it('fills the preset address on a provider change unless the user typed their own', () => {
    expect(baseUrlAfterProviderChange('openai-compatible', 'deepseek', '')).toBe('https://api.deepseek.com/v1');
    expect(baseUrlAfterProviderChange('deepseek', 'qwen', 'https://api.deepseek.com/v1')).toBe('https://dashscope.aliyuncs.com/compatible-mode/v1');
    expect(baseUrlAfterProviderChange('deepseek', 'qwen', 'https://proxy.example.com/v1')).toBe('https://proxy.example.com/v1');
    expect(baseUrlAfterProviderChange('deepseek', 'openai-compatible', 'https://api.deepseek.com/v1')).toBe('');
  });

  it('shows an empty display name and upstream model when they only repeat the model name', () => {
    const values = initialValues({ ...saved, display_name: 'deepseek-chat' });
    expect(values.display_name).toBe('');
    expect(values.upstream_model).toBe('');
  });
});
