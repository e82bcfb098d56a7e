import type { McpFunctionInfo } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { createLocalBus } from '../../platform/bus/index.js';
import { createMcpFunctionCache } from './mcp-function-cache.js';

const fn = (name: string): McpFunctionInfo => ({ name, title: name, description: '', input_schema: { type: 'object' } });

/** Two caches on one bus stand for two server processes. */
describe('MCP function lists cached per process, evicted in every process', () => {
  it('lists once per config version, and lists again for a newer one', async () => {
    const cache = createMcpFunctionCache({ bus: createLocalBus(), ttlMs: 60_000 });
    let lists = 0;
    const list = async () => [fn(`v${++lists}`)];
    expect(await cache.find('s1', 1, list)).toEqual([fn('v1')]);
    expect(await cache.find('s1', 1, list)).toEqual([fn('v1')]);
    expect(await cache.find('s1', 2, list)).toEqual([fn('v2')]);
    expect(lists).toBe(2);
  });

  it('a change in one process makes the others list again; a listing from the page replaces the list everywhere', async () => {
    const bus = createLocalBus();
    const here = createMcpFunctionCache({ bus, ttlMs: 60_000 });
    const there = createMcpFunctionCache({ bus, ttlMs: 60_000 });
    await here.find('s1', 1, async () => [fn('old')]);
    await there.evict('s1');
    expect(await here.find('s1', 1, async () => [fn('new')])).toEqual([fn('new')]);
    await there.replace('s1', 1, [fn('from the page')]);
    expect(await here.find('s1', 1, async () => [fn('listed here')])).toEqual([fn('listed here')]);
    expect(await there.find('s1', 1, async () => [fn('not asked')])).toEqual([fn('from the page')]);
  });

  it('does not keep a failed listing', async () => {
    const cache = createMcpFunctionCache({ bus: createLocalBus(), ttlMs: 60_000 });
    await expect(cache.find('s1', 1, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.find('s1', 1, async () => [fn('up')])).toEqual([fn('up')]);
  });
});
