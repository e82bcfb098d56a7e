import type { LlmModel, LlmType } from '@agent-platform/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { AxiosHeaders, type AxiosAdapter } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../lib/http';
import { createQueryClient } from '../../lib/query-client';
import { useChatModels, useEnabledModels, useUpdateModel, useUpdateModelStatus } from './queries';

function model(id: string, type: LlmType, displayName: string): LlmModel {
  return {
    id,
    llm_name: id,
    display_name: displayName,
    type,
    provider: 'openai-compatible',
    base_url: 'http://127.0.0.1:1/v1',
    api_key: '',
    has_api_key: false,
    upstream_model: id,
    context_window: 8192,
    temperature: null,
    top_p: null,
    max_tokens: null,
    supports_tools: false,
    supports_vision: type === 'vision',
    description: '',
    status: 'enabled',
    is_public: true,
    owner_id: null,
    can_edit: true,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
  };
}

/** The registry as the server keeps it: the list call filters by type and status, edits change it. */
function fakeRegistry(models: LlmModel[]) {
  const listCalls: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const body = JSON.parse(String(config.data ?? '{}')) as Record<string, string>;
    let data: unknown = null;
    if (config.url === '/llm/query_all_models') {
      listCalls.push(body.type ?? '');
      const list = models.filter((entry) => entry.type === body.type && entry.status === body.status);
      data = { total: list.length, list };
    } else if (config.url === '/llm/update_llm_model' || config.url === '/llm/update_status') {
      const index = models.findIndex((entry) => entry.id === body.id);
      models[index] = { ...models[index]!, ...body } as LlmModel;
      data = models[index];
    }
    return { data: { code: 200, msg: '操作成功', data }, status: 200, statusText: '', headers: new AxiosHeaders(), config };
  };
  return { adapter, listCalls };
}

const names = (list: LlmModel[] | undefined) => (list ?? []).map((entry) => entry.display_name);

describe('model lists: one source, refreshed by every change to a model', () => {
  const adapter = http.client.defaults.adapter;
  let registry: ReturnType<typeof fakeRegistry>;
  beforeEach(() => {
    registry = fakeRegistry([model('chat-a', 'chat', '对话甲'), model('vision-b', 'vision', '视觉乙'), model('embed-c', 'embedding', '向量丙')]);
    http.client.defaults.adapter = registry.adapter;
  });
  afterEach(() => {
    http.client.defaults.adapter = adapter;
  });

  function renderForms() {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    // The chats and the agent builder (chat + vision), the vision tool's form, the knowledge-base form, and the model editor.
    return renderHook(
      () => ({
        chat: useChatModels(),
        chatAgain: useChatModels(),
        vision: useEnabledModels(['vision']),
        embedding: useEnabledModels(['embedding']),
        update: useUpdateModel(),
        status: useUpdateModelStatus(),
      }),
      { wrapper },
    );
  }

  it('asks the server once per type however many forms show the list', async () => {
    const { result } = renderForms();
    await waitFor(() => expect(result.current.embedding.data).toBeDefined());
    await waitFor(() => expect(result.current.chat.data).toBeDefined());
    expect(names(result.current.chat.data)).toEqual(['对话甲', '视觉乙']);
    expect(result.current.chatAgain.data).toBe(result.current.chat.data);
    expect(registry.listCalls.sort()).toEqual(['chat', 'embedding', 'vision', 'vision']);
  });

  it('editing a model shows the new name in every other form', async () => {
    const { result } = renderForms();
    await waitFor(() => expect(names(result.current.vision.data)).toEqual(['视觉乙']));
    await act(() => result.current.update.mutateAsync({ id: 'vision-b', display_name: '视觉新名' }));
    await waitFor(() => expect(names(result.current.vision.data)).toEqual(['视觉新名']));
    await waitFor(() => expect(names(result.current.chat.data)).toEqual(['对话甲', '视觉新名']));
  });

  it('disabling a model takes it out of every other form', async () => {
    const { result } = renderForms();
    await waitFor(() => expect(names(result.current.embedding.data)).toEqual(['向量丙']));
    await act(() => result.current.status.mutateAsync({ id: 'embed-c', status: 'disabled' }));
    await waitFor(() => expect(names(result.current.embedding.data)).toEqual([]));
    expect(names(result.current.chat.data)).toEqual(['对话甲', '视觉乙']);
  });
});
