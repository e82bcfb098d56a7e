import type { MessageInfo } from '@agent-platform/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { AxiosHeaders, type AxiosAdapter } from 'axios';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http';
import { createQueryClient } from '../../lib/query-client';
import type { RunStreamOptions, RunStreamResult } from '../../lib/run-stream';
import { CONVERSATION_TEXT } from './constants';
import { useConversations } from './queries';
import { useChatPane, type ChatPaneTurn } from './use-chat-pane';

const stored = (id: string, role: 'user' | 'assistant', content: string): MessageInfo => ({
  id,
  role,
  content,
  run_id: null,
  meta: {},
  created_at: '2025-01-01T00:00:00Z',
});

/** The conversation calls as the server answers them; `c-old` holds one exchange, anything else is unknown. */
function fakeConversations() {
  const calls: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const body = JSON.parse(String(config.data ?? '{}')) as { conversation_id?: string };
    calls.push(config.url ?? '');
    const answer = (code: number, msg: string, data: unknown) => ({ data: { code, msg, data }, status: code === 200 ? 200 : 404, statusText: '', headers: new AxiosHeaders(), config });
    if (config.url === '/user/list_history_conversations') return answer(200, '操作成功', { total: 0, list: [] });
    if (body.conversation_id === 'c-old') return answer(200, '操作成功', [stored('q1', 'user', '旧的问题'), stored('a1', 'assistant', '旧的回答')]);
    return answer(40401, '会话不存在', null);
  };
  return { adapter, calls };
}

/** A chat call that answers in conversation `c-new` and completes. */
function answering() {
  return vi.fn(async (_turn: ChatPaneTurn, options: RunStreamOptions): Promise<RunStreamResult> => {
    options.onEvent({ id: 1, event: 'run', data: { run_id: 'r1', conversation_id: 'c-new', message_id: 'm1' } });
    options.onEvent({ id: 2, event: 'delta', data: { text: '回答' } });
    options.onEvent({ id: 3, event: 'done', data: { run_id: 'r1', status: 'completed' } });
    return { runId: 'r1', lastId: 3, status: 'completed' };
  });
}

describe('useChatPane', () => {
  const adapter = http.client.defaults.adapter;
  let server: ReturnType<typeof fakeConversations>;
  beforeEach(() => {
    server = fakeConversations();
    http.client.defaults.adapter = server.adapter;
  });
  afterEach(() => {
    http.client.defaults.adapter = adapter;
    vi.restoreAllMocks();
  });

  function renderPane(start = answering()) {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const rendered = renderHook(() => ({ pane: useChatPane({ start }), list: useConversations('llm') }), { wrapper });
    return { ...rendered, start };
  }
  const listReads = () => server.calls.filter((url) => url === '/user/list_history_conversations').length;

  it('reads the conversation list again when a conversation starts and when the turn ends', async () => {
    const { result } = renderPane();
    await waitFor(() => expect(result.current.list.data).toBeDefined());
    const before = listReads();
    act(() => result.current.pane.send('新的问题'));
    await waitFor(() => expect(result.current.pane.isRunning).toBe(false));
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    expect(result.current.pane.conversationId).toBe('c-new');
  });

  it('asks the question again when regenerating, also in a stored conversation', async () => {
    const { result, start } = renderPane();
    act(() => result.current.pane.send('第一个问题'));
    await waitFor(() => expect(result.current.pane.isRunning).toBe(false));
    expect(start.mock.calls[0]?.[0]).toEqual({ query: '第一个问题', question: '第一个问题', conversationId: null });

    await act(async () => expect(await result.current.pane.openConversation('c-old')).toBe(true));
    expect(result.current.pane.messages.map((message) => message.content)).toEqual(['旧的问题', '旧的回答']);
    act(() => result.current.pane.regenerate());
    await waitFor(() => expect(start).toHaveBeenCalledTimes(2));
    expect(start.mock.calls[1]?.[0]).toEqual({ regenerate: true, question: '旧的问题', conversationId: 'c-old' });
  });

  it('keeps the conversation shown and says so when another cannot be read', async () => {
    const shown = vi.spyOn(toast, 'error');
    const { result } = renderPane();
    await act(async () => expect(await result.current.pane.openConversation('c-old')).toBe(true));
    await act(async () => expect(await result.current.pane.openConversation('c-gone')).toBe(false));
    expect(result.current.pane.conversationId).toBe('c-old');
    expect(result.current.pane.messages).toHaveLength(2);
    expect(shown).toHaveBeenCalledWith(CONVERSATION_TEXT.loadFailed, { description: '会话不存在' });
    // Opening the conversation already shown reads nothing.
    const reads = server.calls.length;
    await act(async () => expect(await result.current.pane.openConversation('c-old')).toBe(false));
    expect(server.calls.length).toBe(reads);
  });
});
