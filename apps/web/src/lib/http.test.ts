import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createHttp, DEFAULT_TIMEOUT, HTTP_ERROR_TEXT, NO_TIMEOUT, setHttpHandlers, type Http } from './http';
import { TOKEN_STORAGE_KEY } from '@agent-platform/contracts';
import { getToken, setToken } from './token';

type Reply = { status?: number; data: unknown; headers?: Record<string, string> };

/** An adapter that answers like the server would (the real interceptors run on top of it). */
function replyWith(reply: Reply | ((config: InternalAxiosRequestConfig) => Reply)): AxiosAdapter {
  return async (config) => {
    const answer = typeof reply === 'function' ? reply(config) : reply;
    return {
      data: answer.data,
      status: answer.status ?? 200,
      statusText: '',
      headers: new AxiosHeaders(answer.headers ?? {}),
      config,
    };
  };
}

function failWith(code: string, message: string): AxiosAdapter {
  return async (config) => {
    throw new AxiosError(message, code, config);
  };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('request client', () => {
  let api: Http;
  const onUnauthenticated = vi.fn();
  const onLicenseExpired = vi.fn();

  beforeEach(() => {
    api = createHttp('/api');
    setHttpHandlers({ onUnauthenticated, onLicenseExpired });
  });

  afterEach(() => {
    onUnauthenticated.mockReset();
    onLicenseExpired.mockReset();
  });

  it('answers the envelope data for codes 200–399', async () => {
    api.client.defaults.adapter = replyWith({ data: { code: 200, msg: 'ok', data: { id: 1 } } });
    await expect(api.post('/x')).resolves.toEqual({ id: 1 });
    api.client.defaults.adapter = replyWith({ data: { code: 399, msg: 'ok', data: 'edge' } });
    await expect(api.post('/x')).resolves.toBe('edge');
  });

  it('keeps the raw envelope when asked (register reads code 201/202 itself)', async () => {
    api.client.defaults.adapter = replyWith({ data: { code: 201, msg: '用户名已存在', data: null } });
    await expect(api.postRaw('/user/register/by_username', {})).resolves.toEqual({ code: 201, msg: '用户名已存在', data: null });
  });

  it('maps 40104 and 40105 to the catalogue texts', async () => {
    api.client.defaults.adapter = replyWith({ status: 401, data: { code: 40104, msg: 'bad', data: null } });
    const wrong = await rejection(api.post('/user/login/by_username'));
    expect(wrong.message).toBe('请检查用户名和密码是否正确');
    expect(wrong.code).toBe(40104);

    api.client.defaults.adapter = replyWith({ status: 401, data: { code: 40105, msg: 'pending', data: null } });
    expect((await rejection(api.post('/x'))).message).toBe('当前账号尚未审核，请联系管理员审核后登录');
  });

  it('shows the server msg for any other error code, below 200 or from 400 on', async () => {
    api.client.defaults.adapter = replyWith({ status: 400, data: { code: 40001, msg: '原密码不正确', data: null } });
    expect((await rejection(api.post('/x'))).message).toBe('原密码不正确');
    api.client.defaults.adapter = replyWith({ status: 200, data: { code: 199, msg: '处理中', data: null } });
    expect((await rejection(api.post('/x'))).message).toBe('处理中');
    api.client.defaults.adapter = replyWith({ status: 200, data: { code: 400, msg: '', data: null } });
    expect((await rejection(api.post('/x'))).message).toBe(HTTP_ERROR_TEXT.unknown);
  });

  it('sends the user to /license/expire on HTTP 403 with code 40302 only', async () => {
    api.client.defaults.adapter = replyWith({ status: 403, data: { code: 40302, msg: '授权已过期', data: null } });
    await rejection(api.post('/x'));
    expect(onLicenseExpired).toHaveBeenCalledTimes(1);

    api.client.defaults.adapter = replyWith({ status: 200, data: { code: 40302, msg: '授权已过期', data: null } });
    await rejection(api.post('/x'));
    expect(onLicenseExpired).toHaveBeenCalledTimes(1);
  });

  it('on 40101 forgets the token and sends the user to sign in', async () => {
    setToken('stale');
    api.client.defaults.adapter = replyWith({ status: 401, data: { code: 40101, msg: '请先登录', data: null } });
    const error = await rejection(api.post('/x'));
    expect(error.message).toBe('请先登录');
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });

  it('says 请求超时 on a timeout and 未知错误 when nothing came back', async () => {
    api.client.defaults.adapter = failWith(AxiosError.ETIMEDOUT, 'timeout of 120000ms exceeded');
    expect((await rejection(api.post('/x'))).message).toBe('请求超时');
    api.client.defaults.adapter = failWith(AxiosError.ECONNABORTED, 'timeout of 10ms exceeded');
    expect((await rejection(api.post('/x'))).message).toBe('请求超时');
    api.client.defaults.adapter = failWith(AxiosError.ERR_NETWORK, 'Network Error');
    const network = await rejection(api.post('/x'));
    expect(network.message).toBe('未知错误');
    expect(network.kind).toBe('network');
  });

  it('passes other server error bodies on as they are', async () => {
    const body = '<html>502 Bad Gateway</html>';
    api.client.defaults.adapter = replyWith({ status: 502, data: body });
    const error = await rejection(api.post('/x'));
    expect(error.message).toBe('未知错误');
    expect(error.status).toBe(502);
    expect(error.body).toBe(body);

    api.client.defaults.adapter = replyWith({ status: 500, data: { msg: '网关错误', detail: 1 } });
    const withMsg = await rejection(api.post('/x'));
    expect(withMsg.message).toBe('网关错误');
    expect(withMsg.body).toEqual({ msg: '网关错误', detail: 1 });
  });

  it('sends the stored token in access-token and stores a rotated one', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old-token');
    let sent: unknown;
    api.client.defaults.adapter = replyWith((config) => {
      sent = config.headers.get('access-token');
      return { data: { code: 200, msg: 'ok', data: { a: 1 } }, headers: { access_token: 'new-token' } };
    });
    const envelope = await api.postRaw('/x');
    expect(sent).toBe('old-token');
    expect(getToken()).toBe('new-token');
    expect(envelope).toMatchObject({ code: 200, token: 'new-token' });
  });

  it('times out after two minutes by default; a call may switch it off', async () => {
    let timeout: number | undefined;
    api.client.defaults.adapter = replyWith((config) => {
      timeout = config.timeout;
      return { data: { code: 200, msg: 'ok', data: null } };
    });
    await api.post('/x');
    expect(timeout).toBe(DEFAULT_TIMEOUT);
    expect(DEFAULT_TIMEOUT).toBe(120_000);
    await api.post('/tool/tool_use', {}, { timeout: NO_TIMEOUT });
    expect(timeout).toBe(0);
  });

  it('reads a plain body (no envelope) such as /version.json', async () => {
    const root = createHttp('');
    root.client.defaults.adapter = replyWith({ data: { id: 'abc', buildTime: 'x' } });
    await expect(root.getBody('/version.json')).resolves.toEqual({ id: 'abc', buildTime: 'x' });
  });
});
