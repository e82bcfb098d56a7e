/** Zod-free values of tools, shared by server and web. */

/** Stored kinds (`llm/db`: a data asset the model queries with guarded, read-only SQL). */
export const TOOL_KINDS = ['llm', 'llm/kb', 'llm/db', 'llm/multimodal', 'service'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];
/** What lists show: stored kinds plus the built-in tools (read-only). */
export type ToolListKind = ToolKind | 'builtin';
export const TOOL_KIND_LABELS: Record<ToolListKind, string> = {
  llm: 'API 工具',
  'llm/kb': '知识库检索',
  'llm/db': '数据资产',
  'llm/multimodal': '多模态',
  service: 'MCP 服务函数',
  builtin: '内置工具',
};

export const TOOL_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ToolHttpMethod = (typeof TOOL_HTTP_METHODS)[number];

/** Where one input property goes in the request; `body_whole` sends the value itself as the JSON body. */
export const TOOL_PARAM_LOCATIONS = ['path', 'query', 'header', 'body', 'body_whole'] as const;
export type ToolParamLocation = (typeof TOOL_PARAM_LOCATIONS)[number];

export const TOOL_AUTH_TYPES = ['none', 'api_key', 'bearer', 'basic'] as const;
export type ToolAuthType = (typeof TOOL_AUTH_TYPES)[number];

export const MULTIMODAL_TASKS = ['vision', 'stt'] as const;
export type MultimodalTask = (typeof MULTIMODAL_TASKS)[number];

/** OpenAI function names: what the model calls the tool. */
export const TOOL_NAME_RULE = /^[a-zA-Z0-9_-]{1,64}$/;

export const TOOL_HTTP_DEFAULTS = { timeout_ms: 15_000 } as const;
export const TOOL_KB_DEFAULTS = { top_k: 5, mode: 'hybrid' } as const;

/** Whose secret a tool set calls with: the owner's, shared by everyone who uses it, or each user's own. */
export const TOOL_CREDENTIAL_MODES = ['shared', 'per_user'] as const;
export type ToolCredentialMode = (typeof TOOL_CREDENTIAL_MODES)[number];
export const TOOL_CREDENTIAL_MODE_LABELS: Record<ToolCredentialMode, string> = { shared: '共享密钥（所有使用者用创建者的密钥）', per_user: '每个用户填写自己的密钥' };
