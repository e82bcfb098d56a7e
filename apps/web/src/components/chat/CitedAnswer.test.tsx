import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessageView } from '../../lib/chat-messages';
import { CitedAnswer } from './CitedAnswer';

const source = (n: number) => ({ segment_id: `s${n}`, doc_id: `d${n}`, doc_name: `文档${n}.md`, kb_id: 'k', text: `第 ${n} 段`, score: 0.5 });

function answer(content: string, count: number): ChatMessageView {
  return { key: 'a1', role: 'assistant', content, reasoning: '', status: 'done', sources: Array.from({ length: count }, (_, i) => source(i + 1)) };
}

describe('CitedAnswer', () => {
  it('turns [n] markers into buttons that open source n, but not inside code or beyond the sources', () => {
    const onOpen = vi.fn();
    const content = '年假有 5 天[1]，需提前申请[2][3]。\n\n代码 `list[1]` 不算，[7] 也不算。\n\n```\nrows[2]\n```';
    const { container } = render(<CitedAnswer message={answer(content, 3)} onOpenSource={onOpen} />);
    const markdown = container.querySelector('div');
    const badges = [...(markdown?.querySelectorAll('button') ?? [])].filter((button) => button.getAttribute('aria-label')?.startsWith('引用'));
    expect(badges.map((badge) => badge.textContent)).toEqual(['1', '2', '3']);
    expect(container.querySelector('code')?.textContent).toBe('list[1]');
    expect(container.querySelector('pre')?.textContent).toContain('rows[2]');
    expect(container.textContent).toContain('[7] 也不算');
    fireEvent.click(screen.getByRole('button', { name: '引用 2' }));
    expect(onOpen).toHaveBeenCalledWith('a1', 2);
  });

  it('lists the sources under a finished answer, each opening its segment', () => {
    const onOpen = vi.fn();
    render(<CitedAnswer message={answer('没有标注引用的回答', 2)} onOpenSource={onOpen} />);
    expect(screen.getByText('参考了 2 个分段')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /文档2\.md/ }));
    expect(onOpen).toHaveBeenCalledWith('a1', 2);
  });
});
