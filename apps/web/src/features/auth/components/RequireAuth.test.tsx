import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { AxiosHeaders, type AxiosAdapter } from 'axios';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, setHttpHandlers } from '../../../lib/http';
import { createQueryClient } from '../../../lib/query-client';
import { resolveRedirectTarget } from '../../../lib/redirect';
import { setToken } from '../../../lib/token';
import { RequireAuth } from './RequireAuth';

const USER = {
  id: 'u1',
  user_name: 'alice',
  nick_name: '爱丽丝',
  phone: '13800138000',
  role: 'user',
  status: 'active',
  created_at: '2025-01-01T00:00:00Z',
};

function answer(status: number, body: unknown): AxiosAdapter {
  return async (config) => ({ data: body, status, statusText: '', headers: new AxiosHeaders(), config });
}

function LoginProbe() {
  const location = useLocation();
  return (
    <div>
      <span data-testid="search">{location.search}</span>
      <span data-testid="target">{resolveRedirectTarget(location.search)}</span>
    </div>
  );
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      { element: <RequireAuth />, children: [{ path: '/kb/detail/:id', element: <div>知识库详情</div> }] },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('RequireAuth', () => {
  const originalAdapter = http.client.defaults.adapter;
  beforeEach(() => setHttpHandlers({ onUnauthenticated: vi.fn(), onLicenseExpired: vi.fn() }));
  afterEach(() => {
    http.client.defaults.adapter = originalAdapter;
  });

  it('shows the screen when the user info loads', async () => {
    setToken('t');
    http.client.defaults.adapter = answer(200, { code: 200, msg: 'ok', data: USER });
    renderAt('/kb/detail/42');
    expect(await screen.findByText('知识库详情')).toBeTruthy();
  });

  it('sends a failed user-info call to /login with path, query and hash in redirect', async () => {
    setToken('expired');
    http.client.defaults.adapter = answer(401, { code: 40101, msg: '登录已过期', data: null });
    const router = renderAt('/kb/detail/42?tab=docs&q=中文#seg-3');
    const search = await screen.findByTestId('search');
    expect(router.state.location.pathname).toBe('/login');
    expect(search.textContent).toBe(`?redirect=${encodeURIComponent('/kb/detail/42?tab=docs&q=中文#seg-3')}`);
    expect(screen.getByTestId('target').textContent).toBe('/kb/detail/42?tab=docs&q=中文#seg-3');
  });

  it('without a token goes straight to /login, keeping the redirect', async () => {
    const adapter = vi.fn(answer(200, { code: 200, msg: 'ok', data: USER }));
    http.client.defaults.adapter = adapter;
    renderAt('/kb/detail/7');
    expect((await screen.findByTestId('target')).textContent).toBe('/kb/detail/7');
    expect(adapter).not.toHaveBeenCalled();
  });
});
