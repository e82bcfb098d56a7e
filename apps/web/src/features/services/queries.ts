import type { CreateServiceBody, ListServicesBody, McpConfigBody, McpFunctionsInfo, McpResourcesAndPrompts, McpService, UpdateServiceBody } from '@agent-platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import { createService, deleteService, getFunctions, getFunctionsWithConfig, getResourcesAndPrompts, getService, listServices, listUsableServices, updateService } from './api';

export const serviceKeys = {
  all: ['services'] as const,
  lists: () => [...serviceKeys.all, 'list'] as const,
  list: (body: ListServicesBody) => [...serviceKeys.lists(), body] as const,
  usable: () => [...serviceKeys.lists(), 'usable'] as const,
  detail: (id: string) => [...serviceKeys.all, 'detail', id] as const,
  functions: (id: string) => [...serviceKeys.all, 'functions', id] as const,
  offered: (id: string) => [...serviceKeys.all, 'offered', id] as const,
};

/** A service's resources and prompts, listed live (not retried: a dead service answers at once with its reason). */
export function useServiceResourcesAndPrompts(id: string | null | undefined) {
  return useQuery<McpResourcesAndPrompts, ApiError>({ queryKey: serviceKeys.offered(id ?? ''), queryFn: () => getResourcesAndPrompts(id ?? ''), enabled: !!id, retry: false });
}

export function useServices(body: ListServicesBody) {
  return useQuery({ queryKey: serviceKeys.list(body), queryFn: () => listServices(body), placeholderData: keepPreviousData });
}

/** Every service the user may use; any change to a service refreshes it. */
export function useUsableServices() {
  return useQuery<McpService[], ApiError>({ queryKey: serviceKeys.usable(), queryFn: listUsableServices });
}

export function useService(id: string) {
  return useQuery<McpService, ApiError>({ queryKey: serviceKeys.detail(id), queryFn: () => getService(id) });
}

/**
 * A service's functions, listed live from the service (not retried, so a dead service answers at once
 * with its reason). Listing refreshes the service's status: the lists are read again after it.
 */
export function useServiceFunctions(id: string | null | undefined) {
  const queryClient = useQueryClient();
  return useQuery<McpFunctionsInfo, ApiError>({
    queryKey: serviceKeys.functions(id ?? ''),
    queryFn: async () => {
      try {
        return await getFunctions(id ?? '');
      } finally {
        void queryClient.invalidateQueries({ queryKey: serviceKeys.lists() });
      }
    },
    enabled: !!id,
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
