import { afterAll, describe, expect, it } from 'vitest';
import { serverProcess, type ServerProcess } from '../test/server-process.js';

/** SECURITY.md: a call that answered success has committed — `kill -9` right after, restart, it is there. */
describe('crash recovery: the real server process killed with SIGKILL', () => {
  let server: ServerProcess | undefined;
  afterAll(() => server?.dispose());

  const post = async (url: string, body: unknown): Promise<any> =>
    (await fetch(`${server!.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();

  it('an account registered just before the kill can sign in after the restart', async () => {
    server = await serverProcess();
    await server.start();
    const registered = await post('/api/user/register/by_username', { user_name: 'survivor', password: 'secret-123', nick_name: '幸存者', phone: '13900000000' });
    expect(registered.code).toBe(200);
    await server.kill('SIGKILL');

    await server.start();
    const login = await post('/api/user/login/by_username', { user_name: 'survivor', password: 'secret-123' });
    expect(login.code).toBe(200);
    expect(login.data.token).toMatch(/^[\w-]{43}$/);
    await server.kill('SIGTERM');
  }, 300_000);
});
