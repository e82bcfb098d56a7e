import type {
  CreateToolProviderBody,
  ListToolProvidersBody,
  Page,
  ReimportResult,
  ReimportToolProviderBody,
  SaveMyToolCredentialBody,
  ToolAuthScheme,
  ToolProviderInfo,
  UpdateToolProviderBody,
} from '@agent-platform/contracts';
import { badInput, canEdit, notFound, requireEditable, requireVisible, type Viewer } from '../../../core/index.js';
import { withTransaction, type Db } from '../../../platform/db/index.js';
import type { Outbound } from '../../../platform/net/index.js';
import { parseOpenApi, serverUrlOf } from '../http/openapi.js';
import { readOpenApiText } from '../http/openapi-source.js';
import { toToolInfo } from '../tool.mapper.js';
import * as tools from '../tool.repo.js';
import type { ToolSources } from '../tool-sources.js';
import type { CredentialBox } from './credentials.js';
import { storedProviderAuth } from './provider-auth.js';
import { chosenOperations, insertOperations, prepareOperations, updateOperations } from './provider-operations.js';
import * as repo from './provider.repo.js';

export type ToolProviderService = ReturnType<typeof createToolProviderService>;

const WHAT = '工具集';
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const sameScheme = (a: ToolAuthScheme, b: ToolAuthScheme) => JSON.stringify(a) === JSON.stringify(b);

/**
 * API tool sets (as Dify's tool providers): an OpenAPI document imported once, its operations as tools,
 * one auth scheme from its `securitySchemes` and one credential for all of them, shared or each user's own.
 */
export function createToolProviderService({ db, outbound, box, sources, builtinNames }: { db: Db; outbound: Outbound; box: CredentialBox; sources: ToolSources; builtinNames: Set<string> }) {
  const http = sources.get('llm')!;

  async function visible(viewer: Viewer, id: string): Promise<repo.ProviderRow> {
    return requireVisible(viewer, isUuid(id) ? await repo.findProvider(db, id) : undefined, WHAT);
  }
  const editable = async (viewer: Viewer, id: string) => requireEditable(viewer, await visible(viewer, id), WHAT);

  async function infoOf(viewer: Viewer, row: repo.ProviderRow): Promise<ToolProviderInfo> {
    const perUser = row.credentialMode === 'per_user';
    const own = perUser ? await repo.findUserCredential(db, row.id, viewer.id) : undefined;
    const rows = await tools.listProviderTools(db, row.id);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      owner_id: row.ownerId,
      owner_name: row.ownerName,
      editable: canEdit(viewer, row),
      is_public: row.isPublic,
      server_url: row.serverUrl,
      document_url: row.documentUrl,
      auth: storedProviderAuth.read(row.auth),
      credential_mode: row.credentialMode,
      credential: canEdit(viewer, row) && !perUser ? box.shown(row.credentialSealed) : null,
      my_credential: box.shown(own ?? null),
      tools: rows.map((tool) => toToolInfo(tool, viewer, sources)),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  const show = async (viewer: Viewer, id: string) => infoOf(viewer, (await repo.findProvider(db, id))!);

  async function readDocument(source: { document?: string; url?: string }) {
    return parseOpenApi(await readOpenApiText(outbound, source));
  }

  return {
    async create(viewer: Viewer, body: CreateToolProviderBody): Promise<ToolProviderInfo> {
      const parsed = await readDocument(body);
      const serverUrl = serverUrlOf(parsed, body.server_url);
      const auth = body.auth ?? parsed.auth;
      const operations = await prepareOperations(viewer, http, builtinNames, parsed, chosenOperations(parsed, body.operations), serverUrl);
      const sealed = auth.type !== 'none' && body.credential ? box.sealFrom(auth, body.credential, null) : null;
      const perUser = body.credential_mode === 'per_user';
      const id = await withTransaction(db, async (tx) => {
        const providerId = await repo.insertProvider(tx, {
          ownerId: viewer.id,
          title: body.title || parsed.title || '未命名工具集',
          description: body.description ?? '',
          isPublic: body.is_public,
          serverUrl,
          documentUrl: body.url ?? null,
          auth: storedProviderAuth.write(auth),
          credentialMode: body.credential_mode,
          credentialSealed: perUser ? null : sealed,
        });
        // In per_user mode the owner's credential is their own, as everyone else's.
        if (perUser && sealed) await repo.saveUserCredential(tx, providerId, viewer.id, sealed);
        await insertOperations(tx, { ownerId: viewer.id, providerId, isPublic: body.is_public, tags: body.tags }, operations);
        return providerId;
      });
      return show(viewer, id);
    },

    async update(viewer: Viewer, { id, ...body }: UpdateToolProviderBody): Promise<ToolProviderInfo> {
      const row = await editable(viewer, id);
      const stored = storedProviderAuth.read(row.auth);
      const auth = body.auth ?? stored;
      const mode = body.credential_mode ?? row.credentialMode;
      const typeChanged = auth.type !== stored.type;
      let credentialSealed: string | null | undefined;
      if (auth.type === 'none' || mode === 'per_user') credentialSealed = null;
      else if (body.credential) credentialSealed = box.sealFrom(auth, body.credential, typeChanged ? null : row.credentialSealed);
      else if (typeChanged) credentialSealed = null; // the old secret was for another scheme
      await withTransaction(db, async (tx) => {
        await repo.updateProvider(tx, id, {
          title: body.title,
          description: body.description,
          isPublic: body.is_public,
          auth: sameScheme(auth, stored) ? undefined : storedProviderAuth.write(auth),
          credentialMode: mode,
          credentialSealed,
        });
        if (typeChanged) await repo.deleteAllUserCredentials(tx, id);
        if (body.is_public !== undefined && body.is_public !== row.isPublic) await tools.setProviderToolsPublic(tx, id, body.is_public);
      });
      return show(viewer, id);
    },

    /** A new version of the document: operations updated in place (agents keep them), new ones chosen added, gone ones removed; credentials stay. */
    async reimport(viewer: Viewer, body: ReimportToolProviderBody): Promise<ReimportResult> {
      const row = await editable(viewer, body.id);
      const url = body.url ?? (body.document ? undefined : (row.documentUrl ?? undefined));
      if (!body.document && !url) throw badInput('请粘贴新版本的 OpenAPI 文档或填写文档网址');
      const parsed = await readDocument({ document: body.document, url });
      const serverUrl = serverUrlOf({ servers: [] }, body.server_url ?? row.serverUrl);
      const existing = new Map((await tools.listProviderTools(db, row.id)).map((tool) => [tool.operationKey ?? '', tool]));
      const wanted = chosenOperations(parsed, body.operations ?? [...existing.keys()].filter((key) => parsed.operations.some((operation) => operation.key === key)));
      const prepared = await prepareOperations(viewer, http, builtinNames, parsed, wanted, serverUrl);
      const kept = prepared.filter((one) => existing.has(one.operation.key));
      const added = prepared.filter((one) => !existing.has(one.operation.key));
      const wantedKeys = new Set(wanted.map((operation) => operation.key));
      const removed = [...existing.entries()].filter(([key]) => !wantedKeys.has(key)).map(([, tool]) => tool.id);
      await withTransaction(db, async (tx) => {
        await updateOperations(tx, existing, kept);
        await insertOperations(tx, { ownerId: row.ownerId, providerId: row.id, isPublic: row.isPublic, tags: [] }, added);
        for (const toolId of removed) await tools.deleteTool(tx, toolId);
        await repo.updateProvider(tx, row.id, { serverUrl, documentUrl: url ?? row.documentUrl });
      });
      return { provider: await show(viewer, row.id), added: added.length, updated: kept.length, removed: removed.length };
    },

    async getById(viewer: Viewer, id: string): Promise<ToolProviderInfo> {
      return infoOf(viewer, await visible(viewer, id));
    },

    async list(viewer: Viewer, { page, page_size, keyword }: ListToolProvidersBody): Promise<Page<ToolProviderInfo>> {
      const total = await repo.countProviders(db, viewer, keyword);
      const rows = await repo.listProviders(db, viewer, keyword, (page - 1) * page_size, page_size);
      return { total, list: await Promise.all(rows.map((row) => infoOf(viewer, row))) };
    },

    /** The set and its tools. */
    async remove(viewer: Viewer, id: string): Promise<void> {
      await editable(viewer, id);
      if (!(await repo.deleteProvider(db, id))) throw notFound(WHAT);
    },

    /** A user's own credential for a `per_user` set they may see (its owner's too). */
    async saveMyCredential(viewer: Viewer, { id, credential }: SaveMyToolCredentialBody): Promise<ToolProviderInfo> {
      const row = await visible(viewer, id);
      if (row.credentialMode !== 'per_user') throw badInput('这个工具集使用创建者的共享密钥，不需要填写自己的凭据');
      const auth = storedProviderAuth.read(row.auth);
      if (auth.type === 'none') throw badInput('这个工具集不需要认证');
      const stored = await repo.findUserCredential(db, id, viewer.id);
      await repo.saveUserCredential(db, id, viewer.id, box.sealFrom(auth, credential, stored ?? null));
      return infoOf(viewer, row);
    },

    async deleteMyCredential(viewer: Viewer, id: string): Promise<ToolProviderInfo> {
      const row = await visible(viewer, id);
      await repo.deleteUserCredential(db, id, viewer.id);
      return infoOf(viewer, row);
    },
  };
}
