import type { CreateToolBody, ListToolsBody, LlmType, McpFunctionsInfo, ToolInfo, ToolUseBody, ToolUseResult, UpdateToolBody } from '@agent-platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import {
  createTool,
  deleteTool,
  getTool,
  listEnabledModels,
  listServiceFunctions,
  listTools,
  listUsableServices,
  listVisibleKbs,
  parseOpenApi,
  runTool,
  updateTool,
} from './api';

export const toolKeys = {
  all: ['tools'] as const,
  list: (body: ListToolsBody) => [...toolKeys.all, 'list', body] as const,
  detail: (id: string) => [...toolKeys.all, 'detail', id] as const,
  kbs: () => [...toolKeys.all, 'kb-choices'] as const,
  models: (type: LlmType) => [...toolKeys.all, 'model-choices', type] as const,
  services: () => [...toolKeys.all, 'service-choices'] as const,
  functions: (serviceId: string) => [...toolKeys.all, 'service-functions', serviceId] as const,
};

export function useTools(body: ListToolsBody, enabled = true) {
  return useQuery({ queryKey: toolKeys.list(body), queryFn: () => listTools(body), placeholderData: keepPreviousData, enabled });
}

export function useToolDetail(id: string) {
  return useQuery<ToolInfo, ApiError>({ queryKey: toolKeys.detail(id), queryFn: () => getTool(id) });
}

export function useKbChoices(enabled: boolean) {
  return useQuery({ queryKey: toolKeys.kbs(), queryFn: listVisibleKbs, enabled });
}

export function useModelChoices(type: LlmType, enabled: boolean) {
  return useQuery({ queryKey: toolKeys.models(type), queryFn: () => listEnabledModels(type), enabled });
}

export function useServiceChoices() {
  return useQuery({ queryKey: toolKeys.services(), queryFn: listUsableServices });
}

/** Listing connects to the service: not retried, so a dead service answers at once with its reason. */
export function useServiceFunctionChoices(serviceId: string | undefined) {
  return useQuery<McpFunctionsInfo, ApiError>({
    queryKey: toolKeys.functions(serviceId ?? ''),
    queryFn: () => listServiceFunctions(serviceId ?? ''),
    enabled: !!serviceId,
    retry: false,
  });
}

function useToolMutation<TBody, TData>(mutationFn: (body: TBody) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation<TData, ApiError, TBody>({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}

export const useCreateTool = () => useToolMutation((body: CreateToolBody) => createTool(body));
export const useUpdateTool = () => useToolMutation((body: UpdateToolBody) => updateTool(body));
export const useDeleteTool = () => useToolMutation((id: string) => deleteTool(id));

export function useParseOpenApi() {
  return useMutation({ mutationFn: parseOpenApi });
}

export function useRunTool() {
  return useMutation<ToolUseResult, ApiError, ToolUseBody>({ mutationFn: runTool });
}
