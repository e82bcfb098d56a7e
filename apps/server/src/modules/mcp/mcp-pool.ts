import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpConnectionConfig, McpConnector } from './mcp-connection.js';
import { describeFailure, McpUnavailable } from './mcp-failures.js';

interface Entry {
  client: Promise<Client>;
  lastUsed: number;
}

export interface PooledConfig extends McpConnectionConfig {
  /** Service id and config version: a changed config never reuses an old connection. */
  key: string;
}

export type McpPool = ReturnType<typeof createMcpPool>;

/** A failure of the request itself (the server answered with an error, or we gave up waiting), not of the connection. */
const isRequestLevel = (error: unknown) => (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed) || (error as { name?: string }).name === 'AbortError';

/**
 * Connected clients by service and config version: reused while they work, replaced once when a request
 * fails for want of a connection, closed after `idleMs` unused and when the app closes.
 */
export function createMcpPool({ connector, idleMs, timeoutMs }: { connector: McpConnector; idleMs: number; timeoutMs: number }) {
  const entries = new Map<string, Entry>();

  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const [key, entry] of entries) if (now - entry.lastUsed > idleMs) drop(key, entry);
    },
    Math.max(1000, Math.floor(idleMs / 2)),
  );
  sweeper.unref();

  function drop(key: string, entry: Entry): void {
    if (entries.get(key) === entry) entries.delete(key);
    void entry.client.then((client) => client.close()).catch(() => undefined);
  }

  function entryFor(config: PooledConfig): Entry {
    const existing = entries.get(config.key);
    if (existing) {
      existing.lastUsed = Date.now();
      return existing;
    }
    // Versions of the same service that are not this one are stale.
    const serviceId = config.key.split(':')[0];
    for (const [key, entry] of entries) if (key.split(':')[0] === serviceId) drop(key, entry);
    const entry: Entry = { client: connector.connect(config), lastUsed: Date.now() };
    entries.set(config.key, entry);
    entry.client.then(
      (client) => {
        client.onclose = () => {
          if (entries.get(config.key) === entry) entries.delete(config.key);
        };
      },
      () => {
        if (entries.get(config.key) === entry) entries.delete(config.key);
      },
    );
    return entry;
  }

  return {
    /** Runs `work` on a pooled client; a connection failure gets one fresh connection and one more try. */
    async use<T>(config: PooledConfig, work: (client: Client) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt += 1) {
        const entry = entryFor(config);
        try {
          return await work(await entry.client);
        } catch (error) {
          if (isRequestLevel(error) || (error instanceof McpUnavailable && error.timedOut)) throw error;
          drop(config.key, entry);
          if (attempt >= 2) throw describeFailure(config.name, error, timeoutMs);
        }
      }
    },

    /** Drops a service's connections (its config changed or it was deleted). */
    forget(serviceId: string): void {
      for (const [key, entry] of entries) if (key.split(':')[0] === serviceId) drop(key, entry);
    },

    async close(): Promise<void> {
      clearInterval(sweeper);
      const all = [...entries.values()];
      entries.clear();
      await Promise.all(all.map((entry) => entry.client.then((client) => client.close()).catch(() => undefined)));
    },
  };
}
