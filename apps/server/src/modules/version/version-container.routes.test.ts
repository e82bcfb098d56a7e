import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { readBuildInfo } from './build-info.js';
import { versionRoutes } from './version.routes.js';

const CONTAINER_ID = 'c0ffee'.repeat(10) + 'c0ff';

describe('/version.json and the container id', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signUp('ver_admin');
    user = await t.signUp('ver_user');
    // The real routes and the real sign-in, on a build that says it runs in a container.
    app = Fastify();
    app.decorate('authenticator', t.app.authenticator);
    versionRoutes(app, async () => {}, { ...readBuildInfo(), isDocker: true, containerId: CONTAINER_ID });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const containerIdFor = async (token?: string) => (await app.inject({ method: 'GET', url: '/version.json', headers: token ? { 'access-token': token } : {} })).json().containerId;

  it('names the container to administrators only', async () => {
    expect(await containerIdFor(admin)).toBe(CONTAINER_ID);
    expect(await containerIdFor(user)).toBeNull();
    expect(await containerIdFor()).toBeNull();
    expect(await containerIdFor('not-a-token')).toBeNull();
  });
});
