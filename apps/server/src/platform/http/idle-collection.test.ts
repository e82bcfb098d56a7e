import { setTimeout as sleep } from 'node:timers/promises';
import vm from 'node:vm';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { collectGarbageWhenIdle, fullCollection } from './idle-collection.js';

describe('collectGarbageWhenIdle', () => {
  const app = Fastify();
  app.get('/ping', async () => 'pong');
  afterEach(() => app.close());

  it('collects twice after a quiet spell, not while requests keep coming, and again after the next quiet spell', async () => {
    let collections = 0;
    collectGarbageWhenIdle(app, { idleMs: 250, collect: () => (collections += 1) });
    await app.ready();
    for (let request = 0; request < 6; request += 1) {
      await app.inject('/ping');
      await sleep(20);
    }
    expect(collections).toBe(0);
    await sleep(1000);
    expect(collections).toBe(2);
    await app.inject('/ping');
    await sleep(1000);
    expect(collections).toBe(4);
  });

  it('runs V8 full collections without giving other contexts a gc global', () => {
    const collect = fullCollection();
    expect(() => collect()).not.toThrow();
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
  });
});
