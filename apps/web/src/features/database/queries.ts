import type {
  AssetListScope,
  AssetQueryAudit,
  DbAccessUser,
  AssetTableStructure,
  CreateAssetBody,
  DbTableNote,
  CreateConnectionBody,
  DataAsset,
  DbConnection,
  DbTableInfo,
  UpdateAssetBody,
  UpdateConnectionBody,
  UserBrief,
} from '@agent-platform/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import {
  createAsset,
  createConnection,
  deleteAsset,
  deleteConnection,
  getAsset,
  getAssetStructure,
  listAssetAudits,
  listAssetAccessUsers,
  listAssets,
  listConnectionAccessUsers,
  listConnections,
  listTableNotes,
  listTables,
  collectSampleValues,
  saveTableNote,
  type TableNoteChanges,
  searchUsers,
  updateAsset,
  updateConnection,
} from './api';

export const databaseKeys = {
  all: ['database'] as const,
  connections: () => [...databaseKeys.all, 'connections'] as const,
  tables: (id: string) => [...databaseKeys.all, 'tables', id] as const,
  notes: (id: string) => [...databaseKeys.all, 'notes', id] as const,
  assets: (scope: AssetListScope | 'mine' = 'all') => [...databaseKeys.all, 'assets', scope] as const,
  accessUsers: (kind: 'asset' | 'connection', id: string) => [...databaseKeys.all, 'access', kind, id] as const,
  users: (keyword: string) => [...databaseKeys.all, 'users', keyword] as const,
  asset: (id: string) => [...databaseKeys.all, 'asset', id] as const,
  structure: (id: string) => [...databaseKeys.all, 'structure', id] as const,
  audits: (id: string) => [...databaseKeys.all, 'audits', id] as const,
};

export const useConnections = () => useQuery<DbConnection[], ApiError>({ queryKey: databaseKeys.connections(), queryFn: listConnections });

/** A datasource's tables, read from its catalogue (not retried: a dead database answers at once with its reason). */
export const useTables = (id: string | null | undefined) =>
  useQuery<DbTableInfo[], ApiError>({ queryKey: databaseKeys.tables(id ?? ''), queryFn: () => listTables(id ?? ''), enabled: !!id, retry: false });

export const useTableNotes = (connectionId: string | null | undefined) =>
  useQuery<DbTableNote[], ApiError>({ queryKey: databaseKeys.notes(connectionId ?? ''), queryFn: () => listTableNotes(connectionId ?? ''), enabled: !!connectionId });

export const useSaveTableNote = () =>
  useDatabaseMutation(({ connectionId, tableName, changes, note }: { connectionId: string; tableName: string; changes: TableNoteChanges; note?: DbTableNote }) =>
    saveTableNote(connectionId, tableName, changes, note),
  );
export const useCollectSampleValues = () => useDatabaseMutation(({ connectionId, tableName }: { connectionId: string; tableName: string }) => collectSampleValues(connectionId, tableName));

export const useAssets = (scope: AssetListScope | 'mine' = 'all') => useQuery<DataAsset[], ApiError>({ queryKey: databaseKeys.assets(scope), queryFn: () => listAssets(scope) });

/** Who is on an asset's or a datasource's access list (names for the picker); nothing to ask for a new one. */
export const useAccessUsers = (kind: 'asset' | 'connection', id: string | undefined) =>
  useQuery<DbAccessUser[], ApiError>({
    queryKey: databaseKeys.accessUsers(kind, id ?? ''),
    queryFn: () => (kind === 'asset' ? listAssetAccessUsers(id ?? '') : listConnectionAccessUsers(id ?? '')),
    enabled: !!id,
  });

/** People whose name contains the keyword; nothing is asked for an empty one. */
export const useUserSearch = (keyword: string) =>
  useQuery<UserBrief[], ApiError>({ queryKey: databaseKeys.users(keyword), queryFn: () => searchUsers(keyword), enabled: keyword.trim().length > 0, staleTime: 30_000 });
export const useAsset = (id: string) => useQuery<DataAsset, ApiError>({ queryKey: databaseKeys.asset(id), queryFn: () => getAsset(id) });
export const useAssetStructure = (id: string) => useQuery<AssetTableStructure[], ApiError>({ queryKey: databaseKeys.structure(id), queryFn: () => getAssetStructure(id), retry: false });
/** Only the asset's owner and administrators may read its audit. */
export const useAssetAudits = (id: string, enabled: boolean) => useQuery<AssetQueryAudit[], ApiError>({ queryKey: databaseKeys.audits(id), queryFn: () => listAssetAudits(id), enabled });

function useDatabaseMutation<TBody, TData>(mutationFn: (body: TBody) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation<TData, ApiError, TBody>({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: databaseKeys.all }) });
}

export const useCreateConnection = () => useDatabaseMutation((body: CreateConnectionBody) => createConnection(body));
export const useUpdateConnection = () => useDatabaseMutation((body: UpdateConnectionBody) => updateConnection(body));
export const useDeleteConnection = () => useDatabaseMutation((id: string) => deleteConnection(id));
export const useCreateAsset = () => useDatabaseMutation((body: CreateAssetBody) => createAsset(body));
export const useUpdateAsset = () => useDatabaseMutation((body: UpdateAssetBody) => updateAsset(body));
export const useDeleteAsset = () => useDatabaseMutation((id: string) => deleteAsset(id));
