import type {
  CreateToolBody,
  KnowledgeBase,
  ListToolsBody,
  LlmModel,
  LlmType,
  McpFunctionsInfo,
  McpService,
  OpenApiPreview,
  Page,
  ToolInfo,
  ToolUseBody,
  ToolUseResult,
  UpdateToolBody,
} from '@agent-platform/contracts';
import { http, NO_TIMEOUT } from '../../lib/http';

/** The most one list call answers (contracts pageQuery). */
export const MAX_PAGE_SIZE = 100;

export function listTools(body: ListToolsBody): Promise<Page<ToolInfo>> {
  return http.post<Page<ToolInfo>>('/tool/query_tool_list', body);
}

export function getTool(id: string): Promise<ToolInfo> {
  return http.post<ToolInfo>('/tool/query_tool_by_id', { id });
}

export function createTool(body: CreateToolBody): Promise<ToolInfo> {
  return http.post<ToolInfo>('/tool/create', body);
}

export function updateTool(body: UpdateToolBody): Promise<ToolInfo> {
  return http.post<ToolInfo>('/tool/update', body);
}

export function deleteTool(id: string): Promise<null> {
  return http.post<null>('/tool/delete_tool_by_id', { id });
}

/** Spec §9: a tool run has no client timeout (the tool's own timeout applies on the server). */
export function runTool(body: ToolUseBody): Promise<ToolUseResult> {
  return http.post<ToolUseResult>('/tool/tool_use', body, { timeout: NO_TIMEOUT });
}

export function parseOpenApi(document: string): Promise<OpenApiPreview> {
  return http.post<OpenApiPreview>('/tool/parse_openapi', { document });
}

/** Every knowledge base the user may search (own and public): the knowledge-base tool's choices. */
export function listVisibleKbs(): Promise<KnowledgeBase[]> {
  return http.get<KnowledgeBase[]>('/kb/list_detail_knowledge_bases');
}

export async function listEnabledModels(type: LlmType): Promise<LlmModel[]> {
  const page = await http.post<Page<LlmModel>>('/llm/query_all_models', { page: 1, page_size: MAX_PAGE_SIZE, type, status: 'enabled' });
  return page.list;
}

/** The MCP services the user may use: the service tool's choices. */
export async function listUsableServices(): Promise<McpService[]> {
  return (await http.post<Page<McpService>>('/service/query_service_list', { page: 1, page_size: MAX_PAGE_SIZE })).list;
}

export function listServiceFunctions(serviceId: string): Promise<McpFunctionsInfo> {
  return http.post<McpFunctionsInfo>('/service/get_mcp_functions_info', { id: serviceId }, { timeout: NO_TIMEOUT });
}
