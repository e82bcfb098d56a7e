import {
  MAX_PAGE_SIZE,
  type CreateToolBody,
  type CreateToolProviderBody,
  type RemovalAnswer,
  type ListToolsBody,
  type OpenApiPreview,
  type Page,
  type ParseOpenApiBody,
  type ReimportResult,
  type ReimportToolProviderBody,
  type SaveMyToolCredentialBody,
  type ToolProviderInfo,
  type UpdateToolProviderBody,
  type ToolInfo,
  type ToolUseBody,
  type ToolUseResult,
  type UpdateToolBody,
} from '@agent-platform/contracts';
import { http, NO_TIMEOUT } from '../../lib/http';

export function listTools(body: ListToolsBody): Promise<Page<ToolInfo>> {
  return http.post<Page<ToolInfo>>('/tool/query_tool_list', body);
}

/** Every tool the user may use (built-in, own and public ones): the agent builder's choices. */
export async function listUsableTools(): Promise<ToolInfo[]> {
  return (await listTools({ page: 1, page_size: MAX_PAGE_SIZE })).list;
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

export function deleteTool(id: string): Promise<RemovalAnswer> {
  return http.post<RemovalAnswer>('/tool/delete_tool_by_id', { id });
}

/** A tool run has no client timeout (the tool's own timeout applies on the server). */
export function runTool(body: ToolUseBody): Promise<ToolUseResult> {
  return http.post<ToolUseResult>('/tool/tool_use', body, { timeout: NO_TIMEOUT });
}

/** A pasted document, or one the server fetches from its URL (then answered with its text). */
export function parseOpenApi(body: ParseOpenApiBody): Promise<OpenApiPreview> {
  return http.post<OpenApiPreview>('/tool/parse_openapi', body);
}

export function createToolProvider(body: Partial<CreateToolProviderBody>): Promise<ToolProviderInfo> {
  return http.post<ToolProviderInfo>('/tool/provider/create', body);
}

export function getToolProvider(id: string): Promise<ToolProviderInfo> {
  return http.post<ToolProviderInfo>('/tool/provider/detail', { id });
}

export function updateToolProvider(body: UpdateToolProviderBody): Promise<ToolProviderInfo> {
  return http.post<ToolProviderInfo>('/tool/provider/update', body);
}

export function reimportToolProvider(body: ReimportToolProviderBody): Promise<ReimportResult> {
  return http.post<ReimportResult>('/tool/provider/reimport', body);
}

export function deleteToolProvider(id: string): Promise<null> {
  return http.post<null>('/tool/provider/delete', { id });
}

export function saveMyToolCredential(body: SaveMyToolCredentialBody): Promise<ToolProviderInfo> {
  return http.post<ToolProviderInfo>('/tool/provider/save_my_credential', body);
}

export function deleteMyToolCredential(id: string): Promise<ToolProviderInfo> {
  return http.post<ToolProviderInfo>('/tool/provider/delete_my_credential', { id });
}
