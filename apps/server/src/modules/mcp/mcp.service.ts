import type { CreateServiceBody, ListServicesBody, McpService, McpTransport, Page, UpdateServiceBody } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { badInput, isAdmin, requireEditable, requireVisible, type Viewer } from '../../core/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import type { TagService } from '../tag/index.js';
import type { McpConnector } from './mcp-connection.js';
import type { McpPool } from './mcp-pool.js';
import { mergeMasked, openMap, sealMap } from './mcp-secrets.js';
import { secretsUnreadable, serviceNotFound, stdioAdminOnly, WHAT } from './mcp.errors.js';
import { toMcpService } from './mcp.mapper.js';
import * as repo from './mcp.repo.js';

export interface McpServiceDeps {
  db: Db;
  secrets: SecretBox;
  connector: McpConnector;
  pool: McpPool;
  tags?: TagService;
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
export function createMcpServiceRegistry({ db, secrets, connector, pool, tags }: McpServiceDeps) {
  const show = (row: repo.McpServiceRow, viewer: Viewer) => toMcpService(row, viewer, secrets);

  async function list(viewer: Viewer, scope: repo.ServiceFilter['scope'], { page, page_size, keyword, tag }: ListServicesBody): Promise<Page<McpService>> {
    const tagNames = tag ? ((await tags?.namesForFilter('service', tag)) ?? [tag]) : undefined;
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
        tags: [...new Set(body.tags)],
        isPublic: body.is_public,
        ownerId: viewer.id,
      });
      return show(row, viewer);
    },

    async updateService(viewer: Viewer, { id, name, description, tags: tagNames, is_public, ...config }: UpdateServiceBody): Promise<McpService> {
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
        tags: tagNames && [...new Set(tagNames)],
        isPublic: is_public,
        ...configChanges,
      });
      if (!row) throw serviceNotFound();
      if (configGiven) pool.forget(id);
      return show(row, viewer);
    },

    async deleteService(viewer: Viewer, id: string): Promise<void> {
      requireEditable(viewer, await repo.findServiceById(db, id), WHAT);
      if (!(await repo.deleteService(db, id))) throw serviceNotFound();
      pool.forget(id);
    },
  };
}
