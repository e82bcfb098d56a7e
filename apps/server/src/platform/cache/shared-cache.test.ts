import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalBus } from '../bus/index.js';
import { createSharedCache } from './shared-cache.js';

describe('shared cache', () => {
  afterEach(() => vi.useRealTimers());

  const counter = () => {
    let calls = 0;
    return { load: async () => `v${++calls}`, calls: () => calls };
  };

  it('shares one lookup among callers arriving together, then answers from memory', async () => {
    const cache = createSharedCache<string>({ bus: createLocalBus(), channel: 'test_cache', ttlMs: 1_000 });
    const source = counter();
    expect(await Promise.all([cache.find('k', source.load), cache.find('k', source.load)])).toEqual(['v1', 'v1']);
    expect(await cache.find('k', source.load)).toBe('v1');
    expect(source.calls()).toBe(1);
  });

  it('reloads an entry in the second half of its life in the background, so callers never wait for it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = createSharedCache<string>({ bus: createLocalBus(), channel: 'test_cache', ttlMs: 1_000 });
    const source = counter();
    await cache.find('k', source.load);
    vi.advanceTimersByTime(400);
    expect(await cache.find('k', source.load)).toBe('v1');
    expect(source.calls()).toBe(1);
    vi.advanceTimersByTime(200); // 600 ms old: still served, and reloaded behind the caller
    expect(await cache.find('k', source.load)).toBe('v1');
    await Promise.resolve();
    expect(source.calls()).toBe(2);
    vi.advanceTimersByTime(450); // the first entry would have expired; the reloaded one is young
    expect(await cache.find('k', source.load)).toBe('v2');
    expect(source.calls()).toBe(2);
  });

  it('forgets a key evicted in any process, and does not store a lookup that was on its way then', async () => {
    const bus = createLocalBus();
    const here = createSharedCache<string>({ bus, channel: 'test_cache', ttlMs: 60_000 });
    const there = createSharedCache<string>({ bus, channel: 'test_cache', ttlMs: 60_000 });
    await here.find('k', async () => 'old');
    let release!: (value: string) => void;
    const slow = here.find('other', () => new Promise<string>((resolve) => (release = resolve)));
    await there.evict('k');
    await there.changed();
    release('read before the change');
    expect(await slow).toBe('read before the change');
    expect(await here.find('k', async () => 'new')).toBe('new');
    expect(await here.find('other', async () => 'after the change')).toBe('after the change');
  });
});
