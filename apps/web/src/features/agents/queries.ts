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
  listAgents,
  listApiKeys,
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
};

// Options of the builder come from other features: chat models, knowledge bases, tools, services, agent tags.
export { useChatModels } from '../llm';
export { useVisibleKbs } from '../knowledge';
export { useUsableTools } from '../tools';
export { useServiceFunctions, useServiceResourcesAndPrompts, useUsableServices } from '../services';
export const useAgentTags = () => useSubTags('agent');

export function useAgents(scope: AgentScope, body: ListAgentsBody) {
  return useQuery<Page<AgentInfo>, ApiError>({ queryKey: agentKeys.list(scope, body), queryFn: () => listAgents(scope, body), placeholderData: keepPreviousData });
}

export function useAgent(id: string | undefined) {
  return useQuery<AgentInfo, ApiError>({ queryKey: agentKeys.detail(id ?? ''), queryFn: () => getAgentById(id ?? ''), enabled: !!id, retry: false });
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
