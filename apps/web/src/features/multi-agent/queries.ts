import type { CreateMaBody, ListMaBody, MaInfo, Page, UpdateMaBody } from '@agent-platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import { useSubTags } from '../tags';
import { createSetup, deleteSetup, getSetupById, listSetups, setSetupPublic, updateSetup, type MaScope } from './api';

const maKeys = {
  all: ['multi-agents'] as const,
  list: (scope: MaScope, body: ListMaBody) => [...maKeys.all, 'list', scope, body] as const,
  detail: (id: string) => [...maKeys.all, 'detail', id] as const,
};

export const useMaTags = () => useSubTags('ma');

export function useSetups(scope: MaScope, body: ListMaBody) {
  return useQuery<Page<MaInfo>, ApiError>({ queryKey: maKeys.list(scope, body), queryFn: () => listSetups(scope, body), placeholderData: keepPreviousData });
}

export function useSetup(id: string | undefined) {
  return useQuery<MaInfo, ApiError>({ queryKey: maKeys.detail(id ?? ''), queryFn: () => getSetupById(id ?? ''), enabled: !!id, retry: false });
}

function useMaMutation<TBody, TData>(mutationFn: (body: TBody) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation<TData, ApiError, TBody>({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: maKeys.all }) });
}

export const useCreateSetup = () => useMaMutation((body: CreateMaBody) => createSetup(body));
export const useUpdateSetup = () => useMaMutation((body: UpdateMaBody) => updateSetup(body));
export const useDeleteSetup = () => useMaMutation((id: string) => deleteSetup(id));
export const useSetSetupPublic = () => useMaMutation(({ id, isPublic }: { id: string; isPublic: boolean }) => setSetupPublic(id, isPublic));
