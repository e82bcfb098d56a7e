import type {
  AgentApiKeyInfo,
  AgentInfo,
  CreateAgentBody,
  ListAgentsBody,
  ListServicesBody,
  ListToolsBody,
  McpFunctionsInfo,
  McpService,
  Page,
  RolePromptBody,
  ToolInfo,
  UpdateAgentBody,
} from '@agent-platform/contracts';
import { http, NO_TIMEOUT } from '../../lib/http';

export type AgentScope = 'mine' | 'public';

const AGENT_LIST_URLS: Record<AgentScope, string> = { mine: '/agent/list', public: '/agent/list_public' };

/** The most one list call answers (contracts pageQuery). */
export const MAX_PAGE_SIZE = 100;

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

export function setAgentPublic(id: string, isPublic: boolean): Promise<AgentInfo> {
  return http.post<AgentInfo>(isPublic ? '/agent/publish' : '/agent/withhold', { id });
}

/** The model writes a one-paragraph description from the saved configuration (not saved). */
export function describeAgent(id: string): Promise<{ description: string }> {
  return http.post<{ description: string }>('/agent/role_desc', { id }, { timeout: NO_TIMEOUT });
}

/** "AI 帮写": the model drafts a system prompt from a short description. */
export function writeAgentPrompt(body: RolePromptBody): Promise<{ prompt: string }> {
  return http.post<{ prompt: string }>('/agent/role_prompt', body, { timeout: NO_TIMEOUT });
}

/** Every tool the user may give an agent: built-in, own and public ones. */
export async function listUsableTools(body: Partial<ListToolsBody> = {}): Promise<ToolInfo[]> {
  return (await http.post<Page<ToolInfo>>('/tool/query_tool_list', { page: 1, page_size: MAX_PAGE_SIZE, ...body })).list;
}

/** Every MCP service the user may give an agent. */
export async function listUsableServices(body: Partial<ListServicesBody> = {}): Promise<McpService[]> {
  return (await http.post<Page<McpService>>('/service/query_service_list', { page: 1, page_size: MAX_PAGE_SIZE, ...body })).list;
}

/** A service's functions, listed live from the service (spec §9: no timeout for tool use). */
export function getServiceFunctions(serviceId: string): Promise<McpFunctionsInfo> {
  return http.post<McpFunctionsInfo>('/service/get_mcp_functions_info', { id: serviceId }, { timeout: NO_TIMEOUT });
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
