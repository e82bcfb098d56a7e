import type { CreateToolBody, ListToolsBody, Page, RemovalAnswer, ToolInfo, UpdateToolBody } from '@agent-platform/contracts';
import { isUniqueViolation, type Db } from '../../platform/db/index.js';
import { badInput, canEdit, canSee, namedUsers, othersLoseNotice, type ReferenceRegistry, type Viewer } from '../../core/index.js';
import type { Tool } from '../../runtime/tools/index.js';
import type { TagService } from '../tag/index.js';
import type { RemovedThings } from '../topology/index.js';
import { builtinNameTaken, kindUnsupported, providerToolVisibility, toolInUse, toolNameTaken, toolNotEditable, toolNotFound } from './tool.errors.js';
import { builtinInfo, configShown, toToolInfo } from './tool.mapper.js';
import * as repo from './tool.repo.js';
import type { ToolSource, ToolSources } from './tool-sources.js';

export interface ToolServiceDeps {
  db: Db;
  sources: ToolSources;
  builtins: Tool[];
  tags: TagService;
  /** Who uses a tool: its owner's agents keep it from being deleted; others' agents lose it (the owner is warned). */
  references: Pick<ReferenceRegistry<Db>, 'usersOf' | 'othersLosing'>;
  removed: RemovedThings;
}

export type ToolService = ReturnType<typeof createToolService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isToolId = (value: string) => UUID.test(value);

/** Custom tools: create (by hand or from an OpenAPI operation), change, list with the built-ins, delete. */
export function createToolService({ db, sources, builtins, tags, references, removed }: ToolServiceDeps) {
  const builtinNames = new Set(builtins.map((tool) => tool.name.toLowerCase()));

  function sourceOf(kind: string): ToolSource {
    const source = sources.get(kind as never);
    if (!source) throw kindUnsupported(kind);
    return source;
  }

  async function show(viewer: Viewer, id: string): Promise<ToolInfo> {
    const row = await repo.findToolListRow(db, id);
    if (!row) throw toolNotFound();
    return toToolInfo(row, viewer, sources);
  }

  /** The stored tool if the viewer may see it (own or public; administrators all); 40401 otherwise. */
  async function visibleRow(viewer: Viewer, id: string): Promise<repo.ToolListRow> {
    const row = isToolId(id) ? await repo.findToolListRow(db, id) : undefined;
    if (!row || !canSee(viewer, row)) throw toolNotFound();
    return row;
  }

  async function editableRow(viewer: Viewer, id: string): Promise<repo.ToolListRow> {
    const row = await visibleRow(viewer, id);
    if (!canEdit(viewer, row)) throw toolNotEditable();
    return row;
  }

  function checkName(name: string): void {
    if (builtinNames.has(name.toLowerCase())) throw builtinNameTaken(name);
  }

  async function saved(write: Promise<repo.ToolRow | undefined>, name: string): Promise<repo.ToolRow> {
    try {
      const row = await write;
      if (!row) throw toolNameTaken(name);
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw toolNameTaken(name);
      throw error;
    }
  }

  /** Name, texts and config of a new tool as given (operations of OpenAPI documents come in as tool sets). */
  function draftOf(body: CreateToolBody) {
    if (!body.name) throw badInput('请输入工具名称');
    return { name: body.name, title: body.title ?? body.name, description: body.description ?? '', config: body.config ?? {}, inputSchema: body.input_schema };
  }

  async function page(viewer: Viewer, scope: repo.ToolFilter['scope'], body: ListToolsBody, withBuiltins: boolean): Promise<Page<ToolInfo>> {
    const { page: number, page_size, kind, tag, keyword } = body;
    const word = keyword?.toLowerCase();
    const shownBuiltins =
      withBuiltins && !tag && (!kind || kind === 'builtin')
        ? builtins.filter((tool) => !word || [tool.name, tool.title, tool.description].some((text) => text.toLowerCase().includes(word))).map(builtinInfo)
        : [];
    const offset = (number - 1) * page_size;
    const fromBuiltins = shownBuiltins.slice(offset, offset + page_size);
    if (kind === 'builtin') return { total: shownBuiltins.length, list: fromBuiltins };
    const filter = { scope, kind, tags: await tags.namesForFilter('tool', tag), keyword };
    const total = shownBuiltins.length + (await repo.countTools(db, filter));
    const rest = page_size - fromBuiltins.length;
    const rows = rest > 0 ? await repo.listTools(db, filter, Math.max(0, offset - shownBuiltins.length), rest) : [];
    return { total, list: [...fromBuiltins, ...rows.map((row) => toToolInfo(row, viewer, sources))] };
  }

  return {
    visibleRow,

    async create(viewer: Viewer, body: CreateToolBody): Promise<ToolInfo> {
      const source = sourceOf(body.kind);
      const draft = draftOf(body);
      checkName(draft.name);
      const prepared = await source.prepare(viewer, { config: draft.config, inputSchema: draft.inputSchema });
      const row = await saved(
        repo.insertTool(db, {
          ownerId: viewer.id,
          kind: body.kind,
          name: draft.name,
          title: draft.title,
          description: draft.description,
          tags: await tags.checkedNames('tool', body.tags),
          isPublic: body.is_public,
          inputSchema: prepared.inputSchema,
          config: source.storedConfig.write(prepared.config),
          secretSealed: prepared.secretSealed ?? null,
        }),
        draft.name,
      );
      return show(viewer, row.id);
    },

    async update(viewer: Viewer, { id, ...body }: UpdateToolBody): Promise<ToolInfo> {
      const stored = await editableRow(viewer, id);
      if (body.name) checkName(body.name);
      if (stored.providerId && body.is_public !== undefined && body.is_public !== stored.isPublic) throw providerToolVisibility();
      const source = sourceOf(stored.kind);
      const reconfigured = body.config !== undefined || body.input_schema !== undefined;
      // Without a new config the shown one (secrets masked) is checked again: the stored secret stays.
      const prepared = reconfigured ? await source.prepare(viewer, { config: body.config ?? configShown(stored, source), inputSchema: body.input_schema, stored }) : undefined;
      await saved(
        repo.updateTool(db, id, {
          name: body.name,
          title: body.title,
          description: body.description,
          tags: await tags.checkedNames('tool', body.tags, stored.tags),
          isPublic: body.is_public,
          inputSchema: prepared?.inputSchema,
          config: prepared && source.storedConfig.write(prepared.config),
          secretSealed: prepared?.secretSealed,
        }),
        body.name ?? stored.name,
      );
      const withdrawn = stored.isPublic && body.is_public === false;
      const others = withdrawn ? await references.othersLosing('tool', [id], stored.ownerId) : 0;
      return { ...(await show(viewer, id)), ...othersLoseNotice(others, '工具', '不再公开') };
    },

    async getById(viewer: Viewer, id: string): Promise<ToolInfo> {
      const builtin = builtins.find((tool) => tool.name === id);
      if (builtin) return builtinInfo(builtin);
      return toToolInfo(await visibleRow(viewer, id), viewer, sources);
    },

    /** Refused while the owner's agents use the tool; other users' agents lose it, and the answer warns of them. */
    async remove(viewer: Viewer, id: string): Promise<RemovalAnswer> {
      const row = await editableRow(viewer, id);
      const users = namedUsers(await references.usersOf('tool', [id], row.ownerId));
      if (users.length > 0) throw toolInUse(users);
      const others = await references.othersLosing('tool', [id], row.ownerId);
      // Remembered first: their agents name it when they run.
      if (others > 0) await removed.remember('tool', id, row.title);
      if (!(await repo.deleteTool(db, id))) throw toolNotFound();
      return othersLoseNotice(others, '工具', '被删除') ?? null;
    },

    listUsable: (viewer: Viewer, body: ListToolsBody) => page(viewer, { visibleTo: viewer }, body, true),
    listMine: (viewer: Viewer, body: ListToolsBody) => page(viewer, { ownerId: viewer.id }, body, false),
    listPublic: (viewer: Viewer, body: ListToolsBody) => page(viewer, { publicOnly: true }, body, false),
  };
}
