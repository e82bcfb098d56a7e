import type { CreateServiceBody, ListServicesBody, McpConfigBody, McpFunctionsInfo, McpService, UpdateServiceBody } from '@agent-platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import { createService, deleteService, getFunctions, getFunctionsWithConfig, getService, listServices, updateService } from './api';

export const serviceKeys = {
  all: ['services'] as const,
  list: (body: ListServicesBody) => [...serviceKeys.all, 'list', body] as const,
  detail: (id: string) => [...serviceKeys.all, 'detail', id] as const,
  functions: (id: string) => [...serviceKeys.all, 'functions', id] as const,
};

export function useServices(body: ListServicesBody) {
  return useQuery({ queryKey: serviceKeys.list(body), queryFn: () => listServices(body), placeholderData: keepPreviousData });
}

export function useService(id: string) {
  return useQuery<McpService, ApiError>({ queryKey: serviceKeys.detail(id), queryFn: () => getService(id) });
}

/** Listing connects to the service and refreshes its status: the cards are refetched after it. */
export function useServiceFunctions(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery<McpFunctionsInfo, ApiError>({
    queryKey: serviceKeys.functions(id ?? ''),
    queryFn: async () => {
      try {
        return await getFunctions(id ?? '');
      } finally {
        void queryClient.invalidateQueries({ queryKey: [...serviceKeys.all, 'list'] });
      }
    },
    enabled: id !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

function useServiceMutation<TBody, TData>(mutationFn: (body: TBody) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation<TData, ApiError, TBody>({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

export const useCreateService = () => useServiceMutation((body: CreateServiceBody) => createService(body));
export const useUpdateService = () => useServiceMutation((body: UpdateServiceBody) => updateService(body));
export const useDeleteService = () => useServiceMutation((id: string) => deleteService(id));

export function useTestService() {
  return useMutation<McpFunctionsInfo, ApiError, McpConfigBody>({ mutationFn: getFunctionsWithConfig });
}
