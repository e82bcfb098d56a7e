import type { CreateServiceBody, ListServicesBody, McpService, McpTransport, Page, RemovalAnswer, UpdateServiceBody } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { badInput, isAdmin, namedUsers, othersLoseNotice, requireEditable, requireVisible, type ReferenceRegistry, type Viewer } from '../../core/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import type { TagService } from '../tag/index.js';
import type { RemovedThings } from '../topology/index.js';
import type { McpConnector } from './mcp-connection.js';
import type { McpFunctionCache } from './mcp-function-cache.js';
import type { McpPool } from './mcp-pool.js';
import { mergeMasked, openMap, sealMap } from './mcp-secrets.js';
import { callTimeoutTooLong, secretsUnreadable, serviceInUse, serviceNotFound, stdioAdminOnly, WHAT } from './mcp.errors.js';
import { toMcpService } from './mcp.mapper.js';
import * as repo from './mcp.repo.js';

export interface McpServiceDeps {
  db: Db;
  secrets: SecretBox;
  connector: McpConnector;
  pool: McpPool;
  functions: McpFunctionCache;
  tags: TagService;
  /** Who uses a service (agents): its owner's agents keep it from being deleted; others' lose it (the owner is warned). */
  references: Pick<ReferenceRegistry<Db>, 'usersOf' | 'othersLosing'>;
  removed: RemovedThings;
  /** The server's limit of one call: a service's own may not exceed it. */
  callTimeoutMs: number;
}

export type McpServiceRegistry = ReturnType<typeof createMcpServiceRegistry>;

/** stdio runs a program on the server: administrators only, and only commands of the allow-list. */
export function assertStdioAllowed(viewer: Viewer, connector: McpConnector, command: string): void {
  connector.assertStdioAllowed(command);
  if (!isAdmin(viewer)) throw stdioAdminOnly();
}

/** The stored header and environment maps, opened. */
export function openSecrets(secrets: SecretBox, row: repo.McpServiceRow) {
  try {
    return { headers: openMap(secrets, row.headersSealed), env: openMap(secrets, row.envSealed) };
  } catch {
    throw secretsUnreadable(row.name);
  }
}

/** A transport's fields only: an HTTP service keeps no command, a stdio service no address or headers. */
function targetFields(transport: McpTransport, fields: { url: string; headers: Record<string, string>; command: string; args: string[]; env: Record<string, string> }) {
  const stdio = transport === 'stdio';
  if (stdio ? !fields.command : !fields.url) throw badInput(stdio ? '参数 command 不合法：请输入命令' : '参数 url 不合法：请输入服务地址');
  return stdio ? { ...fields, url: '', headers: {} } : { ...fields, command: '', args: [], env: {} };
}

/** Registering, changing and listing MCP services; secrets sealed, answers masked. */
export function createMcpServiceRegistry({ db, secrets, connector, pool, functions, tags, references, removed, callTimeoutMs }: McpServiceDeps) {
  const show = (row: repo.McpServiceRow, viewer: Viewer) => toMcpService(row, viewer, secrets);

  /** A service's own call limit: at most the server's; `null` takes the server's. */
  function checkedCallTimeout(value: number | null | undefined): number | null | undefined {
    if (value !== undefined && value !== null && value > callTimeoutMs) throw callTimeoutTooLong(callTimeoutMs);
    return value;
  }

  async function list(viewer: Viewer, scope: repo.ServiceFilter['scope'], { page, page_size, keyword, tag }: ListServicesBody): Promise<Page<McpService>> {
    const tagNames = await tags.namesForFilter('service', tag);
    const { total, rows } = await repo.listServices(db, viewer, { scope, keyword, tags: tagNames }, (page - 1) * page_size, page_size);
    return { total, list: rows.map((row) => show(row, viewer)) };
  }

  return {
    listUsable: (viewer: Viewer, body: ListServicesBody) => list(viewer, 'usable', body),
    listMine: (viewer: Viewer, body: ListServicesBody) => list(viewer, 'mine', body),
    listPublic: (viewer: Viewer, body: ListServicesBody) => list(viewer, 'public', body),

    async getServiceById(viewer: Viewer, id: string): Promise<McpService> {
      return show(requireVisible(viewer, await repo.findServiceById(db, id), WHAT), viewer);
    },

    async createService(viewer: Viewer, body: CreateServiceBody): Promise<McpService> {
      const target = targetFields(body.transport, body);
      if (body.transport === 'stdio') assertStdioAllowed(viewer, connector, target.command);
      const row = await repo.insertService(db, {
        name: body.name,
        description: body.description,
        transport: body.transport,
        url: target.url,
        headersSealed: sealMap(secrets, target.headers),
        command: target.command,
        args: target.args,
        envSealed: sealMap(secrets, target.env),
        tags: await tags.checkedNames('service', body.tags),
        callTimeoutMs: checkedCallTimeout(body.call_timeout_ms) ?? null,
        isPublic: body.is_public,
        ownerId: viewer.id,
      });
      return show(row, viewer);
    },

    async updateService(viewer: Viewer, { id, name, description, tags: tagNames, is_public, call_timeout_ms, ...config }: UpdateServiceBody): Promise<McpService> {
      const current = requireEditable(viewer, await repo.findServiceById(db, id), WHAT);
      const configGiven = Object.values(config).some((value) => value !== undefined);
      let configChanges: repo.McpServiceChanges = {};
      if (configGiven) {
        const stored = openSecrets(secrets, current);
        const transport = config.transport ?? current.transport;
        const target = targetFields(transport, {
          url: config.url ?? current.url,
          headers: config.headers === undefined ? stored.headers : mergeMasked('请求头', config.headers, stored.headers),
          command: config.command ?? current.command,
          args: config.args ?? current.args,
          env: config.env === undefined ? stored.env : mergeMasked('环境变量', config.env, stored.env),
        });
        if (transport === 'stdio') assertStdioAllowed(viewer, connector, target.command);
        configChanges = {
          transport,
          url: target.url,
          headersSealed: sealMap(secrets, target.headers),
          command: target.command,
          args: target.args,
          envSealed: sealMap(secrets, target.env),
          configVersion: current.configVersion + 1,
          status: 'unknown',
          statusMessage: '',
          checkedAt: null,
          functionCount: null,
        };
      }
      const row = await repo.updateService(db, id, {
        name,
        description,
        tags: await tags.checkedNames('service', tagNames, current.tags),
        callTimeoutMs: checkedCallTimeout(call_timeout_ms),
        isPublic: is_public,
        ...configChanges,
      });
      if (!row) throw serviceNotFound();
      if (configGiven) {
        pool.forget(id);
        await functions.evict(id);
      }
      const withdrawn = current.isPublic && is_public === false;
      const others = withdrawn ? await references.othersLosing('service', [id], current.ownerId ?? '') : 0;
      return { ...show(row, viewer), ...othersLoseNotice(others, '服务', '不再公开') };
    },

    /** Refused while the owner's agents use the service; other users' agents lose it, and the answer warns of them. */
    async deleteService(viewer: Viewer, id: string): Promise<RemovalAnswer> {
      const current = requireEditable(viewer, await repo.findServiceById(db, id), WHAT);
      const owner = current.ownerId ?? '';
      const users = namedUsers(await references.usersOf('service', [id], owner));
      if (users.length > 0) throw serviceInUse(users);
      const others = await references.othersLosing('service', [id], owner);
      // Remembered first: their agents name it when they run.
      if (others > 0) await removed.remember('service', id, current.name);
      if (!(await repo.deleteService(db, id))) throw serviceNotFound();
      pool.forget(id);
      await functions.evict(id);
      return othersLoseNotice(others, '服务', '被删除') ?? null;
    },
  };
}
