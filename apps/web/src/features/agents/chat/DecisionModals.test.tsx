import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlanEditorModal } from './PlanEditorModal';
import { TextDecisionModal } from './TextDecisionModal';

describe('decision dialogs', () => {
  it('replacing a tool input accepts only a JSON object', async () => {
    const onSubmit = vi.fn();
    const initial = '{\n  "expression": "1+1"\n}';
    const modal = (kind: 'input' | null) => (
      <StrictMode>
        <TextDecisionModal kind={kind} initial={kind ? initial : ''} onCancel={() => undefined} onSubmit={onSubmit} />
      </StrictMode>
    );
    const { rerender } = render(modal(null));
    rerender(modal('input'));
    const box = await screen.findByRole('textbox', { name: '修改工具参数' });
    expect((box as HTMLTextAreaElement).value).toContain('"expression": "1+1"');
    fireEvent.change(box, { target: { value: '[1, 2]' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('参数必须是 JSON 对象，例如 {"city": "杭州"}')).toBeTruthy();
    fireEvent.change(box, { target: { value: '{"expression": "2*3"}' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ choice: 'replace', content: { expression: '2*3' } }));
  });

  it('edits a plan: the drafted steps to start with, renumbered as sent', async () => {
    const onSubmit = vi.fn();
    const steps = [
      { index: 1, title: '查资料', detail: '搜索' },
      { index: 2, title: '写总结', detail: '' },
    ];
    const modal = (open: boolean) => (
      <StrictMode>
        <PlanEditorModal open={open} steps={steps} onCancel={() => undefined} onSubmit={onSubmit} />
      </StrictMode>
    );
    const { rerender } = render(modal(false));
    rerender(modal(true));
    const first = await screen.findByRole('textbox', { name: '步骤标题 1' });
    expect((first as HTMLInputElement).value).toBe('查资料');
    fireEvent.click(screen.getByRole('button', { name: '删除步骤 1' }));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ choice: 'replace', content: [{ index: 1, title: '写总结', detail: '' }] }));
  });
});
