import type { CreateToolBody, ListToolsBody, ToolInfo, ToolProviderInfo, ToolUseBody, ToolUseResult, UpdateToolBody } from '@agent-platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import {
  createTool,
  createToolProvider,
  deleteMyToolCredential,
  deleteTool,
  deleteToolProvider,
  getTool,
  getToolProvider,
  listTools,
  listUsableTools,
  parseOpenApi,
  reimportToolProvider,
  runTool,
  saveMyToolCredential,
  updateTool,
  updateToolProvider,
} from './api';

export const toolKeys = {
  all: ['tools'] as const,
  lists: () => [...toolKeys.all, 'list'] as const,
  list: (body: ListToolsBody) => [...toolKeys.lists(), body] as const,
  usable: () => [...toolKeys.lists(), 'usable'] as const,
  detail: (id: string) => [...toolKeys.all, 'detail', id] as const,
  provider: (id: string) => [...toolKeys.all, 'provider', id] as const,
};

export function useTools(body: ListToolsBody, enabled = true) {
  return useQuery({ queryKey: toolKeys.list(body), queryFn: () => listTools(body), placeholderData: keepPreviousData, enabled });
}

/** Every tool the user may use, built-in ones included; any change to a tool refreshes it. */
export function useUsableTools() {
  return useQuery<ToolInfo[], ApiError>({ queryKey: toolKeys.usable(), queryFn: listUsableTools });
}

export function useToolDetail(id: string) {
  return useQuery<ToolInfo, ApiError>({ queryKey: toolKeys.detail(id), queryFn: () => getTool(id) });
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

export function useToolProvider(id: string) {
  return useQuery<ToolProviderInfo, ApiError>({ queryKey: toolKeys.provider(id), queryFn: () => getToolProvider(id) });
}

// A tool set's changes touch its tools too: every tool query is refreshed.
export const useCreateToolProvider = () => useToolMutation(createToolProvider);
export const useUpdateToolProvider = () => useToolMutation(updateToolProvider);
export const useReimportToolProvider = () => useToolMutation(reimportToolProvider);
export const useDeleteToolProvider = () => useToolMutation(deleteToolProvider);
export const useSaveMyToolCredential = () => useToolMutation(saveMyToolCredential);
export const useDeleteMyToolCredential = () => useToolMutation(deleteMyToolCredential);

export function useParseOpenApi() {
  return useMutation({ mutationFn: parseOpenApi });
}

export function useRunTool() {
  return useMutation<ToolUseResult, ApiError, ToolUseBody>({ mutationFn: runTool });
}
