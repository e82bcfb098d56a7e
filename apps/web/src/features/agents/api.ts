import type { AgentApiKeyInfo, AgentInfo, AgentWithheldInfo, CreateAgentBody, ListAgentsBody, Page, RolePromptBody, UpdateAgentBody } from '@agent-platform/contracts';
import { http, NO_TIMEOUT } from '../../lib/http';

export type AgentScope = 'mine' | 'public';

const AGENT_LIST_URLS: Record<AgentScope, string> = { mine: '/agent/list', public: '/agent/list_public' };

export function listAgents(scope: AgentScope, body: ListAgentsBody): Promise<Page<AgentInfo>> {
  return http.post<Page<AgentInfo>>(AGENT_LIST_URLS[scope], body);
}

export function getAgentById(id: string): Promise<AgentInfo> {
  return http.post<AgentInfo>('/agent/detail', { id });
}

export function createAgent(body: CreateAgentBody): Promise<AgentInfo> {
  return http.post<AgentInfo>('/agent/create', body);
}

export function updateAgent(body: UpdateAgentBody): Promise<AgentInfo> {
  return http.post<AgentInfo>('/agent/update', body);
}

export function deleteAgent(id: string): Promise<unknown> {
  return http.post<unknown>('/agent/delete', { id });
}

/** Withholding answers a warning when other users' multi-agent setups use the agent. */
export function setAgentPublic(id: string, isPublic: boolean): Promise<AgentWithheldInfo> {
  return http.post<AgentWithheldInfo>(isPublic ? '/agent/publish' : '/agent/withhold', { id });
}

/** The model writes a one-paragraph description from the saved configuration (not saved). */
export function describeAgent(id: string): Promise<{ description: string }> {
  return http.post<{ description: string }>('/agent/role_desc', { id }, { timeout: NO_TIMEOUT });
}

/** "AI 帮写": the model drafts a system prompt from a short description. */
export function writeAgentPrompt(body: RolePromptBody): Promise<{ prompt: string }> {
  return http.post<{ prompt: string }>('/agent/role_prompt', body, { timeout: NO_TIMEOUT });
}

export function listApiKeys(agentId: string): Promise<AgentApiKeyInfo[]> {
  return http.post<AgentApiKeyInfo[]>('/agent/api_keys/list', { agent_id: agentId });
}

/** The answer carries the whole `key`, this once. */
export function createApiKey(body: { agent_id: string; name: string }): Promise<AgentApiKeyInfo> {
  return http.post<AgentApiKeyInfo>('/agent/api_keys/create', body);
}

export function revokeApiKey(id: string): Promise<unknown> {
  return http.post<unknown>('/agent/api_keys/revoke', { id });
}
