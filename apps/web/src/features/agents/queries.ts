import type { AgentApiKeyInfo, AgentInfo, CreateAgentBody, ListAgentsBody, Page, RolePromptBody, UpdateAgentBody } from '@agent-platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import { useSubTags } from '../tags';
import {
  createAgent,
  createApiKey,
  deleteAgent,
  describeAgent,
  getAgentById,
  getServiceFunctions,
  listAgents,
  listApiKeys,
  listUsableServices,
  listUsableTools,
  revokeApiKey,
  setAgentPublic,
  updateAgent,
  writeAgentPrompt,
  type AgentScope,
} from './api';

export const agentKeys = {
  all: ['agents'] as const,
  lists: () => [...agentKeys.all, 'list'] as const,
  list: (scope: AgentScope, body: ListAgentsBody) => [...agentKeys.lists(), scope, body] as const,
  detail: (id: string) => [...agentKeys.all, 'detail', id] as const,
  apiKeys: (agentId: string) => [...agentKeys.all, 'api-keys', agentId] as const,
  tools: () => [...agentKeys.all, 'options', 'tools'] as const,
  services: () => [...agentKeys.all, 'options', 'services'] as const,
  functions: (serviceId: string) => [...agentKeys.all, 'options', 'functions', serviceId] as const,
};

// Options of the builder come from other features: chat models, knowledge bases, agent tags.
export { useChatModels } from '../llm';
export { useVisibleKbs } from '../knowledge';
export const useAgentTags = () => useSubTags('agent');

export function useAgents(scope: AgentScope, body: ListAgentsBody) {
  return useQuery<Page<AgentInfo>, ApiError>({ queryKey: agentKeys.list(scope, body), queryFn: () => listAgents(scope, body), placeholderData: keepPreviousData });
}

export function useAgent(id: string | undefined) {
  return useQuery<AgentInfo, ApiError>({ queryKey: agentKeys.detail(id ?? ''), queryFn: () => getAgentById(id ?? ''), enabled: !!id, retry: false });
}

/** Tools an agent may use, built-in ones included. */
export function useUsableTools() {
  return useQuery({ queryKey: agentKeys.tools(), queryFn: () => listUsableTools() });
}

export function useUsableServices() {
  return useQuery({ queryKey: agentKeys.services(), queryFn: () => listUsableServices() });
}

/** A service's functions: listed from the service itself, so kept a minute and not retried. */
export function useServiceFunctions(serviceId: string, enabled = true) {
  return useQuery<Awaited<ReturnType<typeof getServiceFunctions>>, ApiError>({
    queryKey: agentKeys.functions(serviceId),
    queryFn: () => getServiceFunctions(serviceId),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

export function useApiKeys(agentId: string) {
  return useQuery<AgentApiKeyInfo[], ApiError>({ queryKey: agentKeys.apiKeys(agentId), queryFn: () => listApiKeys(agentId) });
}

function useAgentMutation<TBody, TData>(mutationFn: (body: TBody) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation<TData, ApiError, TBody>({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export const useCreateAgent = () => useAgentMutation((body: CreateAgentBody) => createAgent(body));
export const useUpdateAgent = () => useAgentMutation((body: UpdateAgentBody) => updateAgent(body));
export const useDeleteAgent = () => useAgentMutation((id: string) => deleteAgent(id));
export const useSetAgentPublic = () => useAgentMutation(({ id, isPublic }: { id: string; isPublic: boolean }) => setAgentPublic(id, isPublic));
export const useCreateApiKey = () => useAgentMutation((body: { agent_id: string; name: string }) => createApiKey(body));
export const useRevokeApiKey = () => useAgentMutation((id: string) => revokeApiKey(id));

export function useDescribeAgent() {
  return useMutation<{ description: string }, ApiError, string>({ mutationFn: describeAgent });
}

export function useWriteAgentPrompt() {
  return useMutation<{ prompt: string }, ApiError, RolePromptBody>({ mutationFn: writeAgentPrompt });
}
