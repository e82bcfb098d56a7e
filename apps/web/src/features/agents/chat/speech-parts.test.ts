import type { MessageInfo, StreamEvent } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { applyAgentEvent, pendingAgentAnswer } from './agent-messages';
import { fromAgentMessage } from './stored-messages';

let seq = 0;
const ev = (event: string, data: object) => ({ id: (seq += 1), event, data }) as StreamEvent;

describe('a multi-agent answer', () => {
  it('keeps who said what, merging one speaker’s pieces, with a handoff between speakers', () => {
    const answer = [
      ev('delta', { text: '这是', agent_id: 'a' }),
      ev('delta', { text: '退款问题。', agent_id: 'a' }),
      ev('handoff', { from_agent_id: 'a', to_agent_id: 'b', reason: '退款' }),
      ev('delta', { text: '已退款。', agent_id: 'b' }),
    ].reduce(applyAgentEvent, pendingAgentAnswer());
    expect(answer.content).toBe('这是退款问题。已退款。');
    expect(answer.parts).toEqual([
      { kind: 'speech', agentId: 'a', text: '这是退款问题。' },
      { kind: 'handoff', from: 'a', to: 'b', reason: '退款' },
      { kind: 'speech', agentId: 'b', text: '已退款。' },
    ]);
    expect([ev('delta', { text: '单个智能体' })].reduce(applyAgentEvent, pendingAgentAnswer()).parts).toBeUndefined();
  });

  it('is read back from a stored message’s segments', () => {
    const info: MessageInfo = {
      id: 'm1',
      role: 'assistant',
      content: '这是退款问题。已退款。',
      run_id: 'r1',
      created_at: '2026-11-26T00:00:00.000Z',
      meta: {
        status: 'completed',
        segments: [
          { agent_id: 'a', text: '这是退款问题。' },
          { agent_id: 'b', text: '已退款。' },
        ],
      },
    };
    expect(fromAgentMessage(info).parts).toEqual([
      { kind: 'speech', agentId: 'a', text: '这是退款问题。' },
      { kind: 'handoff', from: 'a', to: 'b', reason: '' },
      { kind: 'speech', agentId: 'b', text: '已退款。' },
    ]);
  });
});
