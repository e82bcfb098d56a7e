import type { McpConfigBody, McpFunctionInfo, McpFunctionsInfo, McpResourcesAndPrompts, SseConfigBody } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { badInput, requireEditable, requireVisible, type Viewer } from '../../core/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import type { Tool } from '../../runtime/tools/index.js';
import { describeFailure, type McpConnectionConfig, type McpConnector } from './mcp-connection.js';
import { listFunctions } from './mcp-functions.js';
import type { McpPool, PooledConfig } from './mcp-pool.js';
import { listResourcesAndPrompts, readResourceText } from './mcp-resources.js';
import { toTool } from './mcp-tools.js';
import { serviceCallFailed, WHAT } from './mcp.errors.js';
import * as repo from './mcp.repo.js';
import { assertStdioAllowed, openSecrets } from './mcp.service.js';
import { mergeMasked } from './mcp-secrets.js';

export interface McpCatalogDeps {
  db: Db;
  secrets: SecretBox;
  connector: McpConnector;
  pool: McpPool;
  listTimeoutMs: number;
  callTimeoutMs: number;
  /** Characters of a call's output the model is given. */
  maxOutputChars: number;
}

export interface ToolsOfOptions {
  /** Per-call limit for these tools; default the module's call timeout. */
  callTimeoutMs?: number;
}

export type McpCatalog = ReturnType<typeof createMcpCatalog>;

/** Listing a service's functions (saved or being edited) and adapting them to `Tool` for agents. */
export function createMcpCatalog({ db, secrets, connector, pool, listTimeoutMs, callTimeoutMs, maxOutputChars }: McpCatalogDeps) {
  function pooledConfig(row: repo.McpServiceRow): PooledConfig {
    const { headers, env } = openSecrets(secrets, row);
    return { key: `${row.id}:${row.configVersion}`, name: row.name, transport: row.transport, url: row.url, headers, command: row.command, args: row.args, env };
  }

  /** Lists through the pool and records the outcome on the row for the cards page. */
  async function functionsOf(row: repo.McpServiceRow): Promise<McpFunctionInfo[]> {
    const config = pooledConfig(row);
    try {
      const functions = await pool.use(config, (client) => listFunctions(client, listTimeoutMs));
      await repo.recordStatus(db, row.id, row.configVersion, { status: 'ok', statusMessage: '', checkedAt: new Date(), functionCount: functions.length });
      return functions;
    } catch (error) {
      const failure = describeFailure(row.name, error, listTimeoutMs);
      await repo.recordStatus(db, row.id, row.configVersion, { status: 'error', statusMessage: failure.message, checkedAt: new Date() });
      throw serviceCallFailed(failure.message);
    }
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

  return {
    async getFunctionsInfo(viewer: Viewer, id: string): Promise<McpFunctionsInfo> {
      const started = Date.now();
      const row = requireVisible(viewer, await repo.findServiceById(db, id), WHAT);
      return { functions: await functionsOf(row), duration_ms: Date.now() - started };
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
      });
    },

    async getSseFunctionsInfo(viewer: Viewer, body: SseConfigBody): Promise<McpFunctionsInfo> {
      const stored = await storedSecrets(viewer, body.id);
      const headers = mergeMasked('请求头', body.headers, stored.headers);
      return functionsOfConfig({ name: stored.name || body.url, transport: 'sse', url: body.url, headers, command: '', args: [], env: {} });
    },

    /**
     * The service's functions as tools, for an agent run: all of them, or the named ones. Throws
     * `40401` for a service the viewer may not use, `40001` naming functions the service lacks, and
     * `50201` with a Chinese message when the service cannot be reached.
     */
    async toolsOf(viewer: Viewer, serviceId: string, functionNames?: string[], options: ToolsOfOptions = {}): Promise<Tool[]> {
      const row = requireVisible(viewer, await repo.findServiceById(db, serviceId), WHAT);
      const functions = await functionsOf(row);
      const chosen = functionNames ? functions.filter((fn) => functionNames.includes(fn.name)) : functions;
      const missing = (functionNames ?? []).filter((name) => !functions.some((fn) => fn.name === name));
      if (missing.length > 0) throw badInput(`MCP 服务「${row.name}」没有这些函数：${missing.join('、')}`);
      const config = pooledConfig(row);
      const timeout = options.callTimeoutMs ?? callTimeoutMs;
      return chosen.map((fn) => toTool(fn, { pool, config, serviceId: row.id, callTimeoutMs: timeout, maxOutputChars }));
    },
  };
}
