import type { McpFunctionInfo } from '@agent-platform/contracts';
import type { Bus } from '../../platform/bus/index.js';
import { createSharedCache } from '../../platform/cache/index.js';

interface Listed {
  configVersion: number;
  functions: McpFunctionInfo[];
}

/**
 * Services' function lists per process, so an agent turn does not list every service again: kept for
 * `ttlMs`, reloaded behind callers in the second half of their life, and evicted in every process (over
 * the bus) when a service changes, is deleted, is listed again from its page, or says its list changed.
 * An entry of another config version is never used.
 */
export function createMcpFunctionCache({ bus, ttlMs }: { bus: Bus; ttlMs: number }) {
  const cache = createSharedCache<Listed>({ bus, channel: 'aip_mcp_functions_changed', ttlMs });
  return {
    async find(serviceId: string, configVersion: number, list: () => Promise<McpFunctionInfo[]>): Promise<McpFunctionInfo[]> {
      const load = async () => ({ configVersion, functions: await list() });
      const found = await cache.find(serviceId, load);
      if (found.configVersion === configVersion) return found.functions;
      await cache.evict(serviceId);
      return (await cache.find(serviceId, load)).functions;
    },

    /** Replaces what every process holds with a list just read. */
    async replace(serviceId: string, configVersion: number, functions: McpFunctionInfo[]): Promise<void> {
      await cache.evict(serviceId);
      await cache.find(serviceId, async () => ({ configVersion, functions }));
    },

    evict: (serviceId: string) => cache.evict(serviceId),
  };
}

export type McpFunctionCache = ReturnType<typeof createMcpFunctionCache>;
