import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatComposer } from './ChatComposer';

const props = { onChange: () => undefined, onSubmit: vi.fn(), onStop: vi.fn(), canSend: true, placeholder: '输入问题' };

describe('ChatComposer', () => {
  it('cannot send an empty question, or when the page says it may not', () => {
    const { rerender } = render(<ChatComposer {...props} value="  " isRunning={false} />);
    expect(screen.getByRole('button', { name: '发送' }).hasAttribute('disabled')).toBe(true);
    rerender(<ChatComposer {...props} value="你好" canSend={false} isRunning={false} />);
    expect(screen.getByRole('button', { name: '发送' }).hasAttribute('disabled')).toBe(true);
  });

  it('turns into 停止生成 while an answer streams', () => {
    const onStop = vi.fn();
    render(<ChatComposer {...props} onStop={onStop} value="" isRunning />);
    fireEvent.click(screen.getByRole('button', { name: '停止生成' }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });
});
