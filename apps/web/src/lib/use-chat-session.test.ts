import type { StreamEvent } from '@agent-platform/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http } from './http';
import type { RunStreamOptions, RunStreamResult } from './run-stream';
import { useChatSession, type ChatTurnRequest } from './use-chat-session';

const runEvent = (id: string): StreamEvent => ({ id: 1, event: 'run', data: { run_id: id, conversation_id: 'c1', message_id: 'm1' } });

/** A chat call that answers `text` and completes. */
function answering(text: string) {
  return vi.fn(async (_request: ChatTurnRequest, options: RunStreamOptions): Promise<RunStreamResult> => {
    options.onEvent(runEvent('r1'));
    options.onEvent({ id: 2, event: 'delta', data: { text } });
    options.onEvent({ id: 3, event: 'done', data: { run_id: 'r1', status: 'completed' } });
    return { runId: 'r1', lastId: 3, status: 'completed' };
  });
}

describe('useChatSession', () => {
  const onResumeRefused = vi.fn();
  const adapter = http.client.defaults.adapter;
  afterEach(() => {
    http.client.defaults.adapter = adapter;
  });

  it('sends a question, streams the answer and remembers the new conversation', async () => {
    const start = answering('你好！');
    const onConversationStarted = vi.fn();
    const onTurnEnd = vi.fn();
    const { result } = renderHook(() => useChatSession({ start, onConversationStarted, onTurnEnd }));
    act(() => result.current.send('你好'));
    await waitFor(() => expect(result.current.isRunning).toBe(false));
    expect(result.current.messages.map((message) => [message.role, message.content, message.status])).toEqual([
      ['user', '你好', 'done'],
      ['assistant', '你好！', 'done'],
    ]);
    expect(result.current.conversationId).toBe('c1');
    expect(onConversationStarted).toHaveBeenCalledWith('c1');
    expect(onTurnEnd).toHaveBeenCalledWith(expect.objectContaining({ content: '你好！', status: 'done' }));
    expect(start.mock.calls[0]?.[0]).toEqual({ query: '你好', conversationId: null });
  });

  it('regenerates the last answer in the same conversation, replacing it', async () => {
    const start = answering('第一版');
    const { result } = renderHook(() => useChatSession({ start }));
    act(() => result.current.send('问题'));
    await waitFor(() => expect(result.current.isRunning).toBe(false));
    start.mockImplementationOnce(answering('第二版'));
    act(() => result.current.regenerate());
    await waitFor(() => expect(result.current.messages.at(-1)?.content).toBe('第二版'));
    expect(result.current.messages).toHaveLength(2);
    expect(start.mock.calls[1]?.[0]).toEqual({ regenerate: true, conversationId: 'c1' });
  });

  it('stops: cancels the run on the server and stops reading, keeping what was written', async () => {
    const cancelled: string[] = [];
    http.client.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      cancelled.push(config.url ?? '');
      return { data: { code: 200, msg: 'ok', data: null }, status: 200, statusText: '', headers: new AxiosHeaders(), config };
    };
    const start = vi.fn(
      (_request: ChatTurnRequest, options: RunStreamOptions) =>
        new Promise<RunStreamResult>((resolve) => {
          options.onEvent(runEvent('r9'));
          options.onEvent({ id: 2, event: 'delta', data: { text: '写到一半' } });
          options.signal?.addEventListener('abort', () => resolve({ runId: 'r9', lastId: 2, status: null }));
        }),
    );
    const { result } = renderHook(() => useChatSession({ start }));
    act(() => result.current.send('长一点'));
    await waitFor(() => expect(result.current.messages.at(-1)?.content).toBe('写到一半'));
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.isRunning).toBe(false));
    expect(result.current.messages.at(-1)).toMatchObject({ content: '写到一半', status: 'cancelled' });
    expect(cancelled).toEqual(['/runs/r9/cancel']);
  });

  it('resumes a run into the same answer; a refused decision leaves the answer as it was', async () => {
    const { result } = renderHook(() => useChatSession({ start: answering('先这样'), onResumeRefused }));
    act(() => result.current.send('问题'));
    await waitFor(() => expect(result.current.isRunning).toBe(false));
    const answer = result.current.messages[1]!;
    const refusal = new ApiError('当前运行不在等待此操作', { kind: 'envelope', code: 40901, status: 409 });
    act(() =>
      result.current.resume(
        answer,
        'r1',
        () => Promise.reject(refusal),
        (message) => ({ ...message, status: 'streaming' }),
      ),
    );
    await waitFor(() => expect(onResumeRefused).toHaveBeenCalledWith(refusal));
    expect(result.current.messages[1]).toEqual(answer);
    act(() =>
      result.current.resume(answer, 'r1', async (options) => {
        options.onEvent({ id: 4, event: 'delta', data: { text: '，再继续。' } });
        options.onEvent({ id: 5, event: 'done', data: { run_id: 'r1', status: 'completed' } });
        return { runId: 'r1', lastId: 5, status: 'completed' };
      }),
    );
    await waitFor(() => expect(result.current.messages[1]?.content).toBe('先这样，再继续。'));
    expect(result.current.messages).toHaveLength(2);
  });

  it('shows a refused question as a failed answer with the server message', async () => {
    const refusal = '模型「x」已停用，请联系模型的创建者或管理员启用后再试';
    const start = vi.fn(async (): Promise<RunStreamResult> => {
      throw new ApiError(refusal, { kind: 'envelope', code: 40301, status: 403 });
    });
    const { result } = renderHook(() => useChatSession({ start }));
    act(() => result.current.send('你好'));
    await waitFor(() => expect(result.current.messages.at(-1)?.status).toBe('error'));
    expect(result.current.messages.at(-1)?.error).toBe(refusal);
    expect(result.current.conversationId).toBeNull();
  });
});
