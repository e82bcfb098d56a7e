import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { AxiosHeaders, type AxiosAdapter } from 'axios';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../lib/http';
import { createQueryClient } from '../../../lib/query-client';
import { PHONE_RULES } from '../rules';
import { SendCodeButton } from './SendCodeButton';

// Spied on rather than mocked: test files share their worker's modules (vitest.config.ts).
beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Form>
        <Form.Item name="phone" rules={PHONE_RULES}>
          <Input aria-label="手机号" />
        </Form.Item>
        <SendCodeButton />
      </Form>
    </QueryClientProvider>,
  );
}

describe('SendCodeButton', () => {
  const originalAdapter = http.client.defaults.adapter;
  afterEach(() => {
    http.client.defaults.adapter = originalAdapter;
    vi.useRealTimers();
  });

  it('checks the phone first, sends it as a bare JSON string, then counts down 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent: unknown[] = [];
    const adapter: AxiosAdapter = async (config) => {
      sent.push(config.data);
      return { data: { code: 200, msg: 'ok', data: null }, status: 200, statusText: '', headers: new AxiosHeaders(), config };
    };
    http.client.defaults.adapter = adapter;
    renderForm();

    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('60秒后重新获取')).toBeTruthy();
    expect(sent).toEqual(['"13800138000"']);
    expect(toast.success).toHaveBeenCalledWith('验证码发送成功');
    expect(screen.getByText('60秒后重新获取').closest('button')?.disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('59秒后重新获取')).toBeTruthy();
    for (let second = 59; second > 0; second -= 1) await act(() => vi.advanceTimersByTimeAsync(1000));
    const again = screen.getByRole('button', { name: '获取验证码' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
  });

  it('shows 验证码发送失败 with the server message', async () => {
    http.client.defaults.adapter = async (config) => ({
      data: { code: 42901, msg: '发送太频繁，请 60 秒后再试', data: null },
      status: 429,
      statusText: '',
      headers: new AxiosHeaders(),
      config,
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('验证码发送失败', { description: '发送太频繁，请 60 秒后再试' }));
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });
});
