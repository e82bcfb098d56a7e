import type {
  AssetQueryAudit,
  AssetStructuresBody,
  AssetTable,
  AssetTableStructure,
  CreateAssetBody,
  DataAsset,
  DbAccessUser,
  ListAssetsBody,
  Page,
  UpdateAssetBody,
} from '@agent-platform/contracts';
import { canEdit, isAdmin, namedUsers, type ReferenceRegistry, type Viewer } from '../../core/index.js';
import { isUniqueViolation, type Db } from '../../platform/db/index.js';
import { checkedAccessList, type DatasourceAccess, type DatasourceRow, type DatasourceService } from '../datasource/index.js';
import type { TagService } from '../tag/index.js';
import { structureOf } from './asset-structure.js';
import { assetInUse, assetNameTaken, assetNotEditable, assetNotFound, columnNotInTable, tableNotInAsset, tableNotInDatasource } from './data-asset.errors.js';
import { storedAssetContent, toAsset, toAudit } from './data-asset.mapper.js';
import * as repo from './data-asset.repo.js';

export interface DataAssetServiceDeps {
  db: Db;
  datasources: DatasourceService;
  access: DatasourceAccess;
  /** Who uses an asset (`llm/db` tools): an asset in use is not deleted. */
  references: Pick<ReferenceRegistry<Db>, 'usersOf'>;
  tags: Pick<TagService, 'checkedNames' | 'namesForFilter'>;
}

export type DataAssetService = ReturnType<typeof createDataAssetService>;

const AUDIT_SHOWN = 100;

/** Data assets: chosen tables of a datasource with notes, examples and an access list. */
export function createDataAssetService({ db, datasources, access, references, tags }: DataAssetServiceDeps) {
  /** Own, public, on the access list, or any for administrators; 40401 otherwise. */
  async function usableAsset(viewer: Viewer, id: string): Promise<repo.AssetListRow> {
    const row = await repo.findAsset(db, id);
    if (!row) throw assetNotFound();
    const usable = isAdmin(viewer) || row.ownerId === viewer.id || row.isPublic || row.accessUserIds.includes(viewer.id);
    if (!usable) throw assetNotFound();
    return row;
  }

  async function editableAsset(viewer: Viewer, id: string): Promise<repo.AssetListRow> {
    const row = await usableAsset(viewer, id);
    if (!canEdit(viewer, row)) throw assetNotEditable();
    return row;
  }

  /** Tags must name `asset` tags of the tag manager (see `checkedNames`). */
  const checkTags = (names: string[] | undefined, kept: string[] = []) => tags.checkedNames('asset', names, kept);

  /** Every chosen table and column exists in the datasource's catalogue. */
  async function checkTables(connection: DatasourceRow, tables: AssetTable[]): Promise<void> {
    const catalogue = new Map((await access.tablesOf(connection)).map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
    for (const table of tables) {
      const columns = catalogue.get(table.name);
      if (!columns) throw tableNotInDatasource(table.name);
      const missing = table.columns?.find((column) => !columns.has(column));
      if (missing) throw columnNotInTable(table.name, missing);
    }
  }

  async function saved(write: Promise<repo.AssetRow | undefined>, name: string): Promise<repo.AssetRow> {
    try {
      const row = await write;
      if (!row) throw assetNameTaken(name);
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw assetNameTaken(name);
      throw error;
    }
  }

  async function show(viewer: Viewer, id: string): Promise<DataAsset> {
    const row = await repo.findAsset(db, id);
    if (!row) throw assetNotFound();
    return toAsset(row, viewer);
  }

  async function page(viewer: Viewer, scope: repo.AssetFilter['scope'], { page: number, page_size, keyword, tag }: ListAssetsBody): Promise<Page<DataAsset>> {
    // A first-level tag finds the assets tagged with it or any of its children.
    const filter = { scope, keyword, tags: tag ? await tags.namesForFilter('asset', tag) : undefined };
    const [total, rows] = await Promise.all([repo.countAssets(db, filter), repo.listAssets(db, filter, (number - 1) * page_size, page_size)]);
    return { total, list: rows.map((row) => toAsset(row, viewer)) };
  }

  /** The asset's datasource (it exists: a datasource with assets is not deleted). */
  async function connectionOf(row: repo.AssetRow): Promise<DatasourceRow> {
    const connection = await access.findRow(row.connectionId);
    if (!connection) throw assetNotFound();
    return connection;
  }

  async function structures(row: repo.AssetRow, tableNames?: string[]): Promise<AssetTableStructure[]> {
    const { tables } = storedAssetContent.read(row.content);
    for (const name of tableNames ?? []) if (!tables.some((table) => table.name === name)) throw tableNotInAsset(name);
    const chosen = tableNames ? tables.filter((table) => tableNames.includes(table.name)) : tables;
    const connection = await connectionOf(row);
    const [catalogue, notes] = await Promise.all([access.tablesOf(connection), access.notesOf(connection.id)]);
    return structureOf(chosen, catalogue, notes);
  }

  return {
    usableAsset,
    connectionOf,
    structures,

    async createAsset(viewer: Viewer, body: CreateAssetBody): Promise<DataAsset> {
      // Building on a datasource needs its use: own, public or on its access list.
      const connection = await datasources.usableRow(viewer, body.connection_id);
      const accessUserIds = (await checkedAccessList(body.access_user_ids, [], access.usersByIds)) ?? [];
      const tagNames = (await checkTags(body.tags)) ?? [];
      await checkTables(connection, body.tables);
      const row = await saved(
        repo.insertAsset(db, {
          ownerId: viewer.id,
          connectionId: connection.id,
          name: body.name,
          description: body.description,
          content: storedAssetContent.write({ tables: body.tables, example_questions: body.example_questions, verified_queries: body.verified_queries }),
          tags: tagNames,
          isPublic: body.is_public,
          accessUserIds,
          confirmSql: body.confirm_sql,
        }),
        body.name,
      );
      return show(viewer, row.id);
    },

    async updateAsset(viewer: Viewer, { id, ...body }: UpdateAssetBody): Promise<DataAsset> {
      const current = await editableAsset(viewer, id);
      const accessUserIds = await checkedAccessList(body.access_user_ids, current.accessUserIds, access.usersByIds);
      const tagNames = await checkTags(body.tags, current.tags);
      if (body.tables) await checkTables(await connectionOf(current), body.tables);
      const content = storedAssetContent.read(current.content);
      await saved(
        repo.updateAsset(db, id, {
          name: body.name,
          description: body.description,
          content: storedAssetContent.write({
            tables: body.tables ?? content.tables,
            example_questions: body.example_questions ?? content.example_questions,
            verified_queries: body.verified_queries ?? content.verified_queries,
          }),
          tags: tagNames,
          isPublic: body.is_public,
          accessUserIds,
          confirmSql: body.confirm_sql,
        }),
        body.name ?? current.name,
      );
      return show(viewer, id);
    },

    async deleteAsset(viewer: Viewer, id: string): Promise<void> {
      await editableAsset(viewer, id);
      const users = namedUsers(await references.usersOf('data_asset', [id]));
      if (users.length > 0) throw assetInUse(users);
      if (!(await repo.deleteAsset(db, id))) throw assetNotFound();
    },

    getAsset: async (viewer: Viewer, id: string): Promise<DataAsset> => toAsset(await usableAsset(viewer, id), viewer),
    listUsable: (viewer: Viewer, body: ListAssetsBody) =>
      page(viewer, body.scope === 'public' ? { publicOnly: true } : body.scope === 'shared' ? { sharedWith: viewer.id } : { usableBy: viewer }, body),
    listMine: (viewer: Viewer, body: ListAssetsBody) => page(viewer, { ownerId: viewer.id }, body),

    async listAccessUsers(viewer: Viewer, id: string): Promise<DbAccessUser[]> {
      return access.usersByIds((await usableAsset(viewer, id)).accessUserIds);
    },

    /** The tables' structure with their notes: exactly what the model sees. */
    async getStructures(viewer: Viewer, { id, table_names }: AssetStructuresBody): Promise<AssetTableStructure[]> {
      return structures(await usableAsset(viewer, id), table_names);
    },

    /** Recent statements run for the asset: its owner and administrators only. */
    async listAudits(viewer: Viewer, id: string): Promise<AssetQueryAudit[]> {
      await editableAsset(viewer, id);
      return (await repo.listAudits(db, id, AUDIT_SHOWN)).map(toAudit);
    },
  };
}
