/** Zod-free values of MCP services, shared by server and web. */

export const MCP_TRANSPORTS = ['streamable_http', 'sse', 'stdio'] as const;
export type McpTransport = (typeof MCP_TRANSPORTS)[number];
export const MCP_TRANSPORT_LABELS: Record<McpTransport, string> = {
  streamable_http: 'Streamable HTTP',
  sse: 'SSE（旧版）',
  stdio: '本地命令（stdio）',
};

/** `unknown` until the functions were first listed; then the outcome of the last listing. */
export const MCP_SERVICE_STATUSES = ['unknown', 'ok', 'error'] as const;
export type McpServiceStatus = (typeof MCP_SERVICE_STATUSES)[number];

export const MCP_SERVICE_NAME_MAX = 50;
export const MCP_HEADERS_MAX = 20;

export interface McpService {
  id: string;
  name: string;
  description: string;
  transport: McpTransport;
  /** '' for stdio. */
  url: string;
  /** Header names with masked values (`Bear****wxyz`) for editors; `{}` for everyone else. */
  headers: Record<string, string>;
  /** stdio only. */
  command: string;
  args: string[];
  /** Masked like `headers`. */
  env: Record<string, string>;
  tags: string[];
  /** This service's limit of one function call in milliseconds (at most the server's); null: the server's. */
  call_timeout_ms: number | null;
  is_public: boolean;
  owner_id: string | null;
  can_edit: boolean;
  status: McpServiceStatus;
  /** Why the last listing failed; '' otherwise. */
  status_message: string;
  checked_at: string | null;
  /** Functions found by the last successful listing. */
  function_count: number | null;
  created_at: string;
  updated_at: string;
  /** Only in the answer to an update that made the service private while other users' agents use it. */
  warning?: string;
}

/** One function (MCP "tool") of a service. */
export interface McpFunctionInfo {
  name: string;
  title: string;
  description: string;
  /** JSON Schema of its input. */
  input_schema: Record<string, unknown>;
}

/** `get_mcp_functions_info*`: the functions and how long the listing took. */
export interface McpFunctionsInfo {
  functions: McpFunctionInfo[];
  duration_ms: number;
}

/** A resource an MCP service offers (`resources/list`): context an agent may read. */
export interface McpResourceInfo {
  uri: string;
  name: string;
  title: string;
  description: string;
  mime_type: string;
}

/** A prompt template an MCP service offers (`prompts/list`). */
export interface McpPromptInfo {
  name: string;
  title: string;
  description: string;
  arguments: Array<{ name: string; description: string; required: boolean }>;
}

/** `/service/get_mcp_resources_and_prompts`: empty lists for a service that declares neither capability. */
export interface McpResourcesAndPrompts {
  resources: McpResourceInfo[];
  prompts: McpPromptInfo[];
  duration_ms: number;
}
/** A service's own call limit may not be shorter than this (milliseconds); the server's limit bounds it above. */
export const MCP_CALL_TIMEOUT_MIN_MS = 1000;

/** The answer to deleting a tool or service: a warning when other users' agents lose it, `null` otherwise. */
export type RemovalAnswer = { warning: string } | null;
