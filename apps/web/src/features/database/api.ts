import {
  MAX_PAGE_SIZE,
  type AssetChatBody,
  type AssetListScope,
  type AssetQueryAudit,
  type AssetTableStructure,
  type CreateAssetBody,
  type CreateConnectionBody,
  type DataAsset,
  type DbAccessUser,
  type DbConnection,
  type DbConnectionTest,
  type DbTableInfo,
  type DbTableNote,
  type Page,
  type TestConnectionBody,
  type UpdateAssetBody,
  type UpdateConnectionBody,
  type UserBrief,
} from '@agent-platform/contracts';
import { http, NO_TIMEOUT } from '../../lib/http';
import { streamRun, type RunStreamOptions, type RunStreamResult } from '../../lib/run-stream';

export async function listConnections(): Promise<DbConnection[]> {
  return (await http.post<Page<DbConnection>>('/db/dbconnect/query_connection', { page: 1, page_size: MAX_PAGE_SIZE })).list;
}

export function createConnection(body: CreateConnectionBody): Promise<DbConnection & { warnings: string[] }> {
  return http.post('/db/dbconnect/create_connection', body);
}

export function updateConnection(body: UpdateConnectionBody): Promise<DbConnection & { warnings: string[] }> {
  return http.post('/db/dbconnect/update_connection', body);
}

export function deleteConnection(id: string): Promise<null> {
  return http.post<null>('/db/dbconnect/delete_connection_by_id', { id });
}

export function testConnection(body: TestConnectionBody): Promise<DbConnectionTest> {
  return http.post<DbConnectionTest>('/db/dbconnect/test_connection', body);
}

export function listTables(id: string): Promise<DbTableInfo[]> {
  return http.post<DbTableInfo[]>('/db/dbconnect/query_tables_by_conn_id', { id });
}

export function listTableNotes(connectionId: string): Promise<DbTableNote[]> {
  return http.post<DbTableNote[]>('/db/extra_column_info/query_extra_table_info', { connection_id: connectionId });
}

/** What a change of a table's notes sets: its description, its synonyms, the notes on its columns. */
export type TableNoteChanges = Partial<Pick<DbTableNote, 'description' | 'synonyms' | 'columns'>>;

/** Saves a table's notes: a new note, or a change of the one it has. */
export function saveTableNote(connectionId: string, tableName: string, changes: TableNoteChanges, note?: DbTableNote): Promise<DbTableNote> {
  return note
    ? http.post<DbTableNote>('/db/extra_column_info/update_extra_table_info', { id: note.id, ...changes })
    : http.post<DbTableNote>('/db/extra_column_info/create_extra_table_info', { connection_id: connectionId, table_name: tableName, ...changes });
}

export function collectSampleValues(connectionId: string, tableName: string): Promise<DbTableNote> {
  return http.post<DbTableNote>('/db/extra_column_info/collect_sample_values', { connection_id: connectionId, table_name: tableName }, { timeout: NO_TIMEOUT });
}

/** `mine`: the caller's own; otherwise the assets the caller may use, all of them or the public or shared ones. */
export async function listAssets(scope: AssetListScope | 'mine' = 'all'): Promise<DataAsset[]> {
  const page = { page: 1, page_size: MAX_PAGE_SIZE };
  const answer = scope === 'mine' ? http.post<Page<DataAsset>>('/db/asset/query_my_asset', page) : http.post<Page<DataAsset>>('/db/asset/query_asset', { ...page, scope });
  return (await answer).list;
}

export function listAssetAccessUsers(id: string): Promise<DbAccessUser[]> {
  return http.post<DbAccessUser[]>('/db/asset/query_access_list', { id });
}

export function listConnectionAccessUsers(id: string): Promise<DbAccessUser[]> {
  return http.post<DbAccessUser[]>('/db/dbconnect/query_access_list', { id });
}

/** People to put on an access list, by part of their user name or nickname. */
export function searchUsers(keyword: string): Promise<UserBrief[]> {
  return http.post<UserBrief[]>('/user/search_users', { keyword });
}

export function getAsset(id: string): Promise<DataAsset> {
  return http.post<DataAsset>('/db/asset/query_asset_by_id', { id });
}

export function createAsset(body: CreateAssetBody): Promise<DataAsset> {
  return http.post<DataAsset>('/db/asset/create_asset', body);
}

export function updateAsset(body: UpdateAssetBody): Promise<DataAsset> {
  return http.post<DataAsset>('/db/asset/update_asset', body);
}

export function deleteAsset(id: string): Promise<null> {
  return http.post<null>('/db/asset/delete_asset_by_id', { id });
}

export function getAssetStructure(id: string): Promise<AssetTableStructure[]> {
  return http.post<AssetTableStructure[]>('/db/asset/query_structure_by_names', { id });
}

export function listAssetAudits(id: string): Promise<AssetQueryAudit[]> {
  return http.post<AssetQueryAudit[]>('/db/asset/query_audit', { id });
}

export function streamAssetChat(body: AssetChatBody, options: RunStreamOptions): Promise<RunStreamResult> {
  return streamRun('/db/asset/chat', body, options);
}

/** Runs the paused SQL as it is, or the person's edit of it (`sql`). */
export function decideAssetSql(runId: string, sql: string | undefined, options: RunStreamOptions): Promise<RunStreamResult> {
  return sql === undefined ? streamRun('/db/asset/chat/hitl_action_confirm', { run_id: runId }, options) : streamRun('/db/asset/chat/hitl_replace', { run_id: runId, sql }, options);
}
