import type { KbDictionary, KnowledgeBase, UserInfo } from '@agent-platform/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosHeaders, type AxiosAdapter } from 'axios';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../lib/http';
import { createQueryClient } from '../../../lib/query-client';
import { userKeys } from '../../auth';
import { knowledgeBaseFixture } from '../kb.fixture';
import { DictionaryTab } from './DictionaryTab';

// Spied on rather than mocked: test files share their worker's modules (vitest.config.ts).
beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

const kb = (editable: boolean): KnowledgeBase => knowledgeBaseFixture({ editable });

/** The server's side of the two calls, at the HTTP client's edge: it keeps the words and marks for re-indexing as the server does. */
function serve(initial: KbDictionary) {
  const state = { ...initial };
  const sent: Array<{ url?: string; body: unknown }> = [];
  const adapter: AxiosAdapter = async (config) => {
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    sent.push({ url: config.url, body });
    if (config.url === '/kb/update_platform_dictionary') {
      Object.assign(state, { platform_words: (body as { words: string[] }).words });
      return {
        data: { code: 200, msg: '操作成功', data: { words: state.platform_words, updated_at: '', marked_for_reindex: 3 } },
        status: 200,
        statusText: '',
        headers: new AxiosHeaders(),
        config,
      };
    }
    if (config.url === '/kb/update_dictionary') {
      const given = (body as { words: string[] }).words;
      if (given.some((word) => word.length < 2)) return { data: { code: 40001, msg: '词条至少 2 个字符', data: null }, status: 400, statusText: '', headers: new AxiosHeaders(), config };
      const words = [...new Set(given.map((word) => word.toLowerCase()))];
      Object.assign(state, { words, needs_reindex: state.needs_reindex || words.join() !== state.words.join() });
    }
    return { data: { code: 200, msg: '操作成功', data: state }, status: 200, statusText: '', headers: new AxiosHeaders(), config };
  };
  http.client.defaults.adapter = adapter;
  return sent;
}

function renderTab(editable = true, role: UserInfo['role'] = 'user') {
  const client = createQueryClient();
  // The signed-in user, as the authenticated area's guard leaves it.
  const user: UserInfo = { id: 'u1', user_name: 'zhangsan', nick_name: '张三', phone: '13800000000', role, status: 'active', created_at: '' };
  client.setQueryData(userKeys.me, user);
  return render(
    <QueryClientProvider client={client}>
      <DictionaryTab kb={kb(editable)} />
    </QueryClientProvider>,
  );
}

// Rendering antd on a busy two-core machine: generous.
describe('DictionaryTab', { timeout: 30_000 }, () => {
  const originalAdapter = http.client.defaults.adapter;
  afterEach(() => {
    http.client.defaults.adapter = originalAdapter;
  });

  it("shows the words one per line with the platform's, saves what was typed, then prompts to re-index", async () => {
    const sent = serve({ kb_id: 'k1', words: ['云雀九号'], platform_words: ['净水器滤芯'], needs_reindex: false });
    renderTab();
    const box = (await screen.findByLabelText('本知识库的词条')) as HTMLTextAreaElement;
    expect(box.value).toBe('云雀九号');
    expect(screen.getByText('净水器滤芯')).toBeTruthy();
    expect(screen.queryByTestId('dictionary-reindex-prompt')).toBeNull();

    fireEvent.change(box, { target: { value: '云雀九号\nXY-200， 星火大模型\n\n' } });
    expect(screen.getByText('共 3 个词条')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存词典' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('词典已保存'));
    expect(sent.find((call) => call.url === '/kb/update_dictionary')?.body).toEqual({ kb_id: 'k1', words: ['云雀九号', 'XY-200', '星火大模型'] });
    expect(await screen.findByTestId('dictionary-reindex-prompt')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重建索引/ })).toBeTruthy();
    expect(((await screen.findByLabelText('本知识库的词条')) as HTMLTextAreaElement).value).toBe('云雀九号\nxy-200\n星火大模型');
  });

  it("shows the server's Chinese reason when a word is refused", async () => {
    serve({ kb_id: 'k1', words: [], platform_words: [], needs_reindex: false });
    renderTab();
    fireEvent.change(await screen.findByLabelText('本知识库的词条'), { target: { value: '云' } });
    fireEvent.click(screen.getByRole('button', { name: '保存词典' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('操作失败', { description: '词条至少 2 个字符' }));
    expect(screen.getByText('暂无全平台词条')).toBeTruthy();
  });

  it("lets an administrator change the platform's words, saying how many knowledge bases now need re-indexing", async () => {
    const sent = serve({ kb_id: 'k1', words: [], platform_words: ['净水器滤芯'], needs_reindex: false });
    renderTab(true, 'admin');
    const box = (await screen.findByLabelText('全平台词条（管理员维护，对所有知识库生效）')) as HTMLTextAreaElement;
    expect(box.value).toBe('净水器滤芯');
    fireEvent.change(box, { target: { value: '净水器滤芯\n云雀九号' } });
    fireEvent.click(screen.getByRole('button', { name: '保存全平台词典' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('全平台词典已保存，3 个知识库需要重建索引'));
    expect(sent.find((call) => call.url === '/kb/update_platform_dictionary')?.body).toEqual({ words: ['净水器滤芯', '云雀九号'] });
  });

  it('is read-only for someone who may not change the knowledge base', async () => {
    serve({ kb_id: 'k1', words: ['云雀九号'], platform_words: [], needs_reindex: true });
    renderTab(false);
    expect(((await screen.findByLabelText('本知识库的词条')) as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: '保存词典' })).toBeNull();
    expect(screen.queryByTestId('dictionary-reindex-prompt')).toBeNull();
    expect(screen.getByText('只有知识库的创建者可以修改词典')).toBeTruthy();
  });
});
