import type { McpConfigBody, McpFunctionInfo, McpFunctionsInfo, McpResourcesAndPrompts, SseConfigBody } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { badInput, canSee, isAdmin, requireEditable, requireVisible, type Viewer } from '../../core/index.js';
import { configuredAccess } from '../../platform/net/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import type { Tool } from '../../runtime/tools/index.js';
import type { RemovedThings } from '../topology/index.js';
import type { McpConnectionConfig, McpConnector } from './mcp-connection.js';
import { describeFailure } from './mcp-failures.js';
import type { McpFunctionCache } from './mcp-function-cache.js';
import { listFunctions } from './mcp-functions.js';
import type { McpPool, PooledConfig } from './mcp-pool.js';
import { listResourcesAndPrompts, readResourceText } from './mcp-resources.js';
import { toTool } from './mcp-tools.js';
import { serviceCallFailed, serviceDown, serviceGone, WHAT } from './mcp.errors.js';
import * as repo from './mcp.repo.js';
import { assertStdioAllowed, openSecrets } from './mcp.service.js';
import { mergeMasked } from './mcp-secrets.js';

export interface McpCatalogDeps {
  db: Db;
  secrets: SecretBox;
  connector: McpConnector;
  pool: McpPool;
  functions: McpFunctionCache;
  removed: RemovedThings;
  listTimeoutMs: number;
  /** The server's limit of one call: a service's own limit is at most this. */
  callTimeoutMs: number;
  /** A service whose listing (or a call's connection) failed this recently is not tried again by agent turns. */
  downBackoffMs: number;
  /** Characters of a call's output the model is given. */
  maxOutputChars: number;
}

export interface ToolsOfOptions {
  /** Per-call limit for these tools; default the service's own, never above the server's. */
  callTimeoutMs?: number;
  /** For an agent's run: a service that is gone or no longer public is named in the refusal; one that just failed is refused at once during its back-off. */
  forAgent?: boolean;
}

export type McpCatalog = ReturnType<typeof createMcpCatalog>;

/** Listing a service's functions (saved or being edited) and adapting them to `Tool` for agents. */
export function createMcpCatalog({ db, secrets, connector, pool, functions, removed, listTimeoutMs, callTimeoutMs, downBackoffMs, maxOutputChars }: McpCatalogDeps) {
  function pooledConfig(row: repo.CallableServiceRow): PooledConfig {
    const { headers, env } = openSecrets(secrets, row);
    const access = configuredAccess(row.ownerIsAdmin, row.url);
    return {
      key: `${row.id}:${row.configVersion}:${access.trusted ? 't' : 'u'}`,
      name: row.name,
      transport: row.transport,
      url: row.url,
      headers,
      command: row.command,
      args: row.args,
      env,
      access,
      // Told by the service itself: every process lists it again on its next turn.
      onFunctionsChanged: () => void functions.evict(row.id).catch(() => undefined),
    };
  }

  const markDown = (row: repo.McpServiceRow, message: string) => repo.recordStatus(db, row.id, row.configVersion, { status: 'error', statusMessage: message, checkedAt: new Date() });

  /** Lists through the pool and records the outcome on the row (the cards page; the back-off of agent turns). */
  async function listAndRecord(row: repo.CallableServiceRow): Promise<McpFunctionInfo[]> {
    try {
      const listed = await pool.use(pooledConfig(row), (client) => listFunctions(client, listTimeoutMs));
      await repo.recordStatus(db, row.id, row.configVersion, { status: 'ok', statusMessage: '', checkedAt: new Date(), functionCount: listed.length });
      return listed;
    } catch (error) {
      const failure = describeFailure(row.name, error, listTimeoutMs);
      await markDown(row, failure.message);
      throw serviceCallFailed(failure.message);
    }
  }

  /** Milliseconds left of a service's back-off after a failure; 0 when it may be tried. */
  function backOffLeft(row: repo.McpServiceRow): number {
    if (row.status !== 'error' || !row.checkedAt) return 0;
    return Math.max(0, row.checkedAt.getTime() + downBackoffMs - Date.now());
  }

  /**
   * The functions, from the cache. A service marked down is listed again (its cached list is not trusted
   * until it answers); for an agent's run, not before its back-off ends: until then it is refused at once.
   * A person (testing a tool, saving one) is never kept waiting for a back-off.
   */
  async function functionsOf(row: repo.CallableServiceRow, forAgent: boolean): Promise<McpFunctionInfo[]> {
    const left = forAgent ? backOffLeft(row) : 0;
    if (left > 0) throw serviceDown(row.statusMessage, left);
    if (row.status === 'error') await functions.evict(row.id);
    return functions.find(row.id, row.configVersion, () => listAndRecord(row));
  }

  /** The row the viewer may use; for an agent's run, a refusal that names what is gone. */
  async function usableRow(viewer: Viewer, serviceId: string, forAgent: boolean): Promise<repo.CallableServiceRow> {
    const row = await repo.findServiceById(db, serviceId);
    if (!forAgent || (row && canSee(viewer, row))) return requireVisible(viewer, row, WHAT);
    if (row) throw serviceGone(`MCP 服务「${row.name}」已不再公开`);
    const name = (await removed.namesOf('service', [serviceId])).get(serviceId);
    throw serviceGone(name ? `MCP 服务「${name}」已被删除` : `MCP 服务（${serviceId}）已不存在`);
  }

  /** A config not saved yet: its own connection, closed right after. */
  async function functionsOfConfig(config: McpConnectionConfig): Promise<McpFunctionsInfo> {
    const started = Date.now();
    try {
      const client = await connector.connect(config);
      try {
        return { functions: await listFunctions(client, listTimeoutMs), duration_ms: Date.now() - started };
      } finally {
        await client.close().catch(() => undefined);
      }
    } catch (error) {
      throw serviceCallFailed(describeFailure(config.name, error, listTimeoutMs).message);
    }
  }

  /** With `id`, masked secrets stand for the stored ones of a service the viewer may edit. */
  async function storedSecrets(viewer: Viewer, id: string | undefined) {
    if (!id) return { headers: {}, env: {}, name: undefined };
    const row = requireEditable(viewer, await repo.findServiceById(db, id), WHAT);
    return { ...openSecrets(secrets, row), name: row.name };
  }

  /** Being edited: an administrator's form may reach its private host, as the saved service will. */
  const formAccess = (viewer: Viewer, url: string) => configuredAccess(isAdmin(viewer), url);

  return {
    /** The health page's question: list the service's functions now (recorded as its status, and cached like the page's listing). */
    async probe(row: repo.CallableServiceRow): Promise<number> {
      const listed = await listAndRecord(row);
      await functions.replace(row.id, row.configVersion, listed);
      return listed.length;
    },

    /** The page's listing: always asks the service now, and the cache of every process takes the answer. */
    async getFunctionsInfo(viewer: Viewer, id: string): Promise<McpFunctionsInfo> {
      const started = Date.now();
      const row = requireVisible(viewer, await repo.findServiceById(db, id), WHAT);
      const listed = await listAndRecord(row);
      await functions.replace(row.id, row.configVersion, listed);
      return { functions: listed, duration_ms: Date.now() - started };
    },

    /** What a saved service offers besides functions: its resources and prompts. */
    async getResourcesAndPrompts(viewer: Viewer, id: string): Promise<McpResourcesAndPrompts> {
      const started = Date.now();
      const row = requireVisible(viewer, await repo.findServiceById(db, id), WHAT);
      try {
        const offered = await pool.use(pooledConfig(row), (client) => listResourcesAndPrompts(client, listTimeoutMs));
        return { ...offered, duration_ms: Date.now() - started };
      } catch (error) {
        throw serviceCallFailed(describeFailure(row.name, error, listTimeoutMs).message);
      }
    },

    /**
     * Chosen resources of a service the viewer may use, read for an agent's context: each one's text, or
     * the Chinese reason it could not be read. Throws `40401` for a service the viewer may not use.
     */
    async readResources(viewer: Viewer, serviceId: string, uris: string[], maxChars: number): Promise<Array<{ uri: string; text?: string; error?: string }>> {
      const row = requireVisible(viewer, await repo.findServiceById(db, serviceId), WHAT);
      const config = pooledConfig(row);
      return Promise.all(
        uris.map(async (uri) => {
          try {
            return { uri, text: await pool.use(config, (client) => readResourceText(client, uri, listTimeoutMs, maxChars)) };
          } catch (error) {
            return { uri, error: `资源 ${uri} 读取失败（${describeFailure(row.name, error, listTimeoutMs).message}）` };
          }
        }),
      );
    },

    async getFunctionsInfoWithConfig(viewer: Viewer, body: McpConfigBody): Promise<McpFunctionsInfo> {
      const stored = await storedSecrets(viewer, body.id);
      if (body.transport === 'stdio') assertStdioAllowed(viewer, connector, body.command);
      return functionsOfConfig({
        name: body.name || stored.name || body.url || body.command,
        transport: body.transport,
        url: body.url,
        headers: mergeMasked('请求头', body.headers, stored.headers),
        command: body.command,
        args: body.args,
        env: mergeMasked('环境变量', body.env, stored.env),
        access: formAccess(viewer, body.url),
      });
    },

    async getSseFunctionsInfo(viewer: Viewer, body: SseConfigBody): Promise<McpFunctionsInfo> {
      const stored = await storedSecrets(viewer, body.id);
      const headers = mergeMasked('请求头', body.headers, stored.headers);
      return functionsOfConfig({ name: stored.name || body.url, transport: 'sse', url: body.url, headers, command: '', args: [], env: {}, access: formAccess(viewer, body.url) });
    },

    /**
     * The service's functions as tools, for an agent run: all of them, or the named ones. Throws
     * `40401` for a service the viewer may not use (for an agent: naming it), `40001` naming functions
     * the service lacks, and `50201` with a Chinese message when the service cannot be reached or is
     * in its back-off after a failure.
     */
    async toolsOf(viewer: Viewer, serviceId: string, functionNames?: string[], options: ToolsOfOptions = {}): Promise<Tool[]> {
      const forAgent = options.forAgent ?? false;
      const row = await usableRow(viewer, serviceId, forAgent);
      const listed = await functionsOf(row, forAgent);
      const chosen = functionNames ? listed.filter((fn) => functionNames.includes(fn.name)) : listed;
      const missing = (functionNames ?? []).filter((name) => !listed.some((fn) => fn.name === name));
      if (missing.length > 0) throw badInput(`MCP 服务「${row.name}」没有这些函数：${missing.join('、')}`);
      const config = pooledConfig(row);
      const timeout = Math.min(options.callTimeoutMs ?? row.callTimeoutMs ?? callTimeoutMs, callTimeoutMs);
      const unreachable = (message: string) => markDown(row, message);
      return chosen.map((fn) => toTool(fn, { pool, config, serviceId: row.id, callTimeoutMs: timeout, maxOutputChars, unreachable }));
    },
  };
}
