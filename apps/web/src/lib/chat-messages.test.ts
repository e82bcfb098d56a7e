import type { StreamEvent } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { applyStreamEvent, CHAT_MESSAGE_TEXT, fromMessageInfo, pendingAnswer } from './chat-messages';

const run = (events: StreamEvent[]) => events.reduce(applyStreamEvent, pendingAnswer());

describe('an answer built from its stream', () => {
  it('collects text, reasoning and usage, and ends done', () => {
    const answer = run([
      { id: 1, event: 'run', data: { run_id: 'r', conversation_id: 'c', message_id: 'm' } },
      { id: 2, event: 'reasoning', data: { text: '先想' } },
      { id: 3, event: 'reasoning', data: { text: '一想' } },
      { id: 4, event: 'delta', data: { text: '你' } },
      { id: 5, event: 'delta', data: { text: '好' } },
      { id: 6, event: 'usage', data: { prompt_tokens: 3, completion_tokens: 2 } },
      { id: 7, event: 'usage', data: { prompt_tokens: 1, completion_tokens: 1 } },
      { id: 8, event: 'done', data: { run_id: 'r', status: 'completed' } },
    ]);
    expect(answer).toMatchObject({ content: '你好', reasoning: '先想一想', status: 'done', runId: 'r', usage: { prompt_tokens: 4, completion_tokens: 3 } });
  });

  it('keeps the Chinese reason of a failure, and a stop as cancelled', () => {
    const failed = run([
      { id: 1, event: 'delta', data: { text: '半' } },
      { id: 2, event: 'error', data: { code: 50201, msg: '模型服务超时，请稍后重试' } },
      { id: 3, event: 'done', data: { run_id: 'r', status: 'failed' } },
    ]);
    expect(failed).toMatchObject({ content: '半', status: 'error', error: '模型服务超时，请稍后重试' });
    expect(run([{ id: 1, event: 'done', data: { run_id: 'r', status: 'failed' } }]).error).toBe(CHAT_MESSAGE_TEXT.failed);
    expect(run([{ id: 1, event: 'done', data: { run_id: 'r', status: 'cancelled' } }]).status).toBe('cancelled');
  });
});

describe('a stored message', () => {
  it('reads reasoning, usage and how its run ended from meta', () => {
    const base = { id: 'm1', role: 'assistant' as const, content: '答', run_id: 'r1', created_at: '' };
    expect(fromMessageInfo({ ...base, meta: { reasoning: '想', usage: { prompt_tokens: 1, completion_tokens: 2 }, status: 'completed' } })).toMatchObject({
      key: 'm1',
      reasoning: '想',
      status: 'done',
      usage: { prompt_tokens: 1, completion_tokens: 2 },
    });
    expect(fromMessageInfo({ ...base, meta: { status: 'cancelled' } }).status).toBe('cancelled');
    expect(fromMessageInfo({ ...base, meta: { status: 'failed', error: '密钥无效' } })).toMatchObject({ status: 'error', error: '密钥无效' });
    expect(fromMessageInfo({ ...base, meta: {} })).toMatchObject({ status: 'done', reasoning: '' });
  });

  it('reads the files attached to a question, skipping malformed ones', () => {
    const base = { id: 'q1', role: 'user' as const, content: '总结附件', run_id: null, created_at: '' };
    const files = [{ id: 'f1', name: '纪要.txt', extra: 1 }, { id: 2 }, 'x'];
    expect(fromMessageInfo({ ...base, meta: { files } }).files).toEqual([{ id: 'f1', name: '纪要.txt' }]);
    expect(fromMessageInfo({ ...base, meta: {} }).files).toBeUndefined();
  });

  it('reads the retrieved sources a knowledge-base answer cites, skipping malformed ones', () => {
    const base = { id: 'm2', role: 'assistant' as const, content: '答[1]', run_id: 'r2', created_at: '' };
    const segment = { segment_id: 's1', doc_id: 'd1', doc_name: '手册.md', kb_id: 'k1', text: '年假 5 天', score: 0.8 };
    expect(fromMessageInfo({ ...base, meta: { retrieval: { step_id: 'x', segments: [segment, { text: 1 }] } } }).sources).toEqual([segment]);
    expect(fromMessageInfo({ ...base, meta: {} }).sources).toBeUndefined();
  });
});

describe('retrieval events', () => {
  it('collect the sources of an answer in citation order', () => {
    const segment = (id: string) => ({ segment_id: id, doc_id: 'd', doc_name: '手册.md', kb_id: 'k', text: id, score: 0.5 });
    const answer = run([
      { id: 1, event: 'retrieval', data: { step_id: 'a', segments: [segment('s1'), segment('s2')] } },
      { id: 2, event: 'delta', data: { text: '见 [2]' } },
    ]);
    expect(answer.sources?.map((source) => source.segment_id)).toEqual(['s1', 's2']);
  });
});
