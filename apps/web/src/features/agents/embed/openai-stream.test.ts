import { describe, expect, it } from 'vitest';
import type { ChatMessageView } from '../../../lib/chat-messages';
import { parseCompletionData, toCompletionMessages } from './openai-stream';

const message = (role: ChatMessageView['role'], content: string, status: ChatMessageView['status'] = 'done'): ChatMessageView => ({ key: content, role, content, reasoning: '', status });

describe('the embed chat over the OpenAI format', () => {
  it('reads pieces, the end and errors from data lines', () => {
    expect(parseCompletionData('{"choices":[{"delta":{"content":"你好"}}]}')).toEqual({ text: '你好' });
    expect(parseCompletionData('{"choices":[{"delta":{"role":"assistant","content":""}}]}')).toBeNull();
    expect(parseCompletionData('{"choices":[],"usage":{"total_tokens":3}}')).toBeNull();
    expect(parseCompletionData(' [DONE]')).toEqual({ done: true });
    expect(parseCompletionData('{"error":{"message":"密钥无效","type":"invalid_request_error"}}')).toEqual({ error: '密钥无效' });
    expect(parseCompletionData('not json')).toBeNull();
  });

  it('sends the whole conversation, without failed or unfinished answers, then the question', () => {
    const history = [message('user', '一'), message('assistant', '答一'), message('user', '二'), message('assistant', '', 'error'), message('assistant', '半句', 'cancelled')];
    expect(toCompletionMessages(history, '三')).toEqual([
      { role: 'user', content: '一' },
      { role: 'assistant', content: '答一' },
      { role: 'user', content: '二' },
      { role: 'assistant', content: '半句' },
      { role: 'user', content: '三' },
    ]);
  });
});
