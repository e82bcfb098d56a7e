import {
  MAX_PAGE_SIZE,
  type CreateServiceBody,
  type RemovalAnswer,
  type ListServicesBody,
  type McpConfigBody,
  type McpFunctionsInfo,
  type McpResourcesAndPrompts,
  type McpService,
  type Page,
  type UpdateServiceBody,
} from '@agent-platform/contracts';
import { http, NO_TIMEOUT } from '../../lib/http';

export function listServices(body: ListServicesBody): Promise<Page<McpService>> {
  return http.post<Page<McpService>>('/service/query_service_list', body);
}

/** Every MCP service the user may use (own and public): the agent builder's and the service tool's choices. */
export async function listUsableServices(): Promise<McpService[]> {
  return (await listServices({ page: 1, page_size: MAX_PAGE_SIZE })).list;
}

export function getService(id: string): Promise<McpService> {
  return http.post<McpService>('/service/query_service_by_id', { id });
}

export function createService(body: CreateServiceBody): Promise<McpService> {
  return http.post<McpService>('/service/create', body);
}

export function updateService(body: UpdateServiceBody): Promise<McpService> {
  return http.post<McpService>('/service/update', body);
}

export function deleteService(id: string): Promise<RemovalAnswer> {
  return http.post<RemovalAnswer>('/service/delete_service_by_id', { id });
}

/** Connects to the saved service and lists its functions (the server bounds the wait). */
export function getFunctions(id: string): Promise<McpFunctionsInfo> {
  return http.post<McpFunctionsInfo>('/service/get_mcp_functions_info', { id }, { timeout: NO_TIMEOUT });
}

/** The form's 测试连接: a config not saved yet (with `id`, masked values stand for the stored ones). */
export function getFunctionsWithConfig(body: McpConfigBody): Promise<McpFunctionsInfo> {
  return http.post<McpFunctionsInfo>('/service/get_mcp_functions_info_with_config', body, { timeout: NO_TIMEOUT });
}

/** What the saved service offers besides functions: resources and prompt templates (listed live). */
export function getResourcesAndPrompts(id: string): Promise<McpResourcesAndPrompts> {
  return http.post<McpResourcesAndPrompts>('/service/get_mcp_resources_and_prompts', { id }, { timeout: NO_TIMEOUT });
}
