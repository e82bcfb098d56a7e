import {
  TOOL_HTTP_DEFAULTS,
  TOOL_KB_DEFAULTS,
  type CreateToolBody,
  type KbSearchMode,
  type MultimodalTask,
  type ToolAuthType,
  type ToolHttpMethod,
  type ToolInfo,
  type ToolKind,
  type ToolParamLocation,
  type UpdateToolBody,
} from '@agent-platform/contracts';

export interface KeyValue {
  key: string;
  value: string;
}

/** The create/edit form's values: the base fields, then every kind's settings (only the chosen kind's are sent). */
export interface ToolFormValues {
  kind: ToolKind;
  name: string;
  title: string;
  description: string;
  tags: string[];
  is_public: boolean;
  // llm
  method: ToolHttpMethod;
  url: string;
  headers: KeyValue[];
  params: Array<{ name: string; location: ToolParamLocation }>;
  auth_type: ToolAuthType;
  api_key_in: 'header' | 'query';
  api_key_name: string;
  api_key_value: string;
  bearer_token: string;
  basic_username: string;
  basic_password: string;
  timeout_ms: number;
  input_schema: string;
  // llm/kb
  kb_ids: string[];
  top_k: number;
  search_mode: KbSearchMode;
  // llm/multimodal
  task: MultimodalTask;
  llm_name: string;
  prompt: string;
  // service
  service_id: string | undefined;
  function_name: string | undefined;
  // llm/db
  asset_id: string | undefined;
}

export const EMPTY_INPUT_SCHEMA = JSON.stringify({ type: 'object', properties: {}, required: [] }, null, 2);

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

export function toKeyValues(map: unknown): KeyValue[] {
  return Object.entries(record(map)).map(([key, value]) => ({ key, value: str(value) }));
}

export function fromKeyValues(list: KeyValue[] | undefined): Record<string, string> {
  return Object.fromEntries((list ?? []).filter((item) => item?.key?.trim()).map((item) => [item.key.trim(), item.value ?? '']));
}

/** The form's starting values: the saved tool's (secrets come masked and are sent back as they are) or defaults. */
export function initialToolValues(tool?: ToolInfo, kind: ToolKind = 'llm'): ToolFormValues {
  const config = record(tool?.config);
  const auth = record(config.auth);
  const chosenKind = (tool?.kind === 'builtin' ? 'llm' : tool?.kind) ?? kind;
  return {
    kind: chosenKind,
    name: tool?.name ?? '',
    title: tool?.title ?? '',
    description: tool?.description ?? '',
    tags: tool?.tags ?? [],
    is_public: tool?.is_public ?? false,
    method: (str(config.method, 'GET') as ToolHttpMethod) || 'GET',
    url: str(config.url),
    headers: toKeyValues(config.headers),
    params: Object.entries(record(config.params)).map(([name, location]) => ({ name, location: location as ToolParamLocation })),
    auth_type: (str(auth.type, 'none') as ToolAuthType) || 'none',
    api_key_in: auth.in === 'query' ? 'query' : 'header',
    api_key_name: str(auth.name, 'X-API-Key'),
    api_key_value: str(auth.value),
    bearer_token: str(auth.token),
    basic_username: str(auth.username),
    basic_password: str(auth.password),
    timeout_ms: typeof config.timeout_ms === 'number' ? config.timeout_ms : TOOL_HTTP_DEFAULTS.timeout_ms,
    input_schema: tool && chosenKind === 'llm' ? JSON.stringify(tool.input_schema, null, 2) : EMPTY_INPUT_SCHEMA,
    kb_ids: Array.isArray(config.kb_ids) ? (config.kb_ids as string[]) : [],
    top_k: typeof config.top_k === 'number' ? config.top_k : TOOL_KB_DEFAULTS.top_k,
    search_mode: (str(config.mode, TOOL_KB_DEFAULTS.mode) as KbSearchMode) || TOOL_KB_DEFAULTS.mode,
    task: config.task === 'stt' ? 'stt' : 'vision',
    llm_name: str(config.llm_name),
    prompt: str(config.prompt),
    service_id: str(config.service_id) || undefined,
    function_name: str(config.function) || undefined,
    asset_id: str(config.asset_id) || undefined,
  };
}

/** The input schema text as an object schema, or null when it is not one. */
export function parseInputSchema(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    const schema = record(value);
    return schema.type === 'object' ? schema : null;
  } catch {
    return null;
  }
}

function authOf(values: ToolFormValues): Record<string, unknown> {
  switch (values.auth_type) {
    case 'api_key':
      return { type: 'api_key', in: values.api_key_in, name: values.api_key_name.trim(), value: values.api_key_value };
    case 'bearer':
      return { type: 'bearer', token: values.bearer_token };
    case 'basic':
      return { type: 'basic', username: values.basic_username.trim(), password: values.basic_password };
    default:
      return { type: 'none' };
  }
}

/** The kind's `config` and, for API tools, the input schema (other kinds' schemas come from the server). */
export function kindPayload(values: ToolFormValues): { config?: Record<string, unknown>; input_schema?: Record<string, unknown> } {
  switch (values.kind) {
    case 'llm':
      return {
        config: {
          method: values.method,
          url: values.url.trim(),
          headers: fromKeyValues(values.headers),
          params: Object.fromEntries((values.params ?? []).filter((item) => item?.name?.trim()).map((item) => [item.name.trim(), item.location])),
          auth: authOf(values),
          timeout_ms: values.timeout_ms,
        },
        input_schema: parseInputSchema(values.input_schema) ?? undefined,
      };
    case 'llm/kb':
      return { config: { kb_ids: values.kb_ids, top_k: values.top_k, mode: values.search_mode } };
    case 'llm/multimodal':
      return { config: { task: values.task, llm_name: values.llm_name, ...(values.prompt.trim() ? { prompt: values.prompt.trim() } : {}) } };
    case 'service':
      return { config: { service_id: values.service_id, function: values.function_name } };
    case 'llm/db':
      return { config: { asset_id: values.asset_id } };
    default:
      return {};
  }
}

/** An MCP function's name as a tool name (letters, digits, `_` and `-`, at most 64). */
export function toolNameFromFunction(name: string): string {
  return name
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
}

function baseFields(values: ToolFormValues) {
  return {
    name: values.name.trim(),
    title: values.title.trim(),
    description: values.description.trim(),
    tags: values.tags ?? [],
    is_public: values.is_public,
  };
}

export function toCreateToolBody(values: ToolFormValues): CreateToolBody {
  return { kind: values.kind, ...baseFields(values), ...kindPayload(values) };
}

export function toUpdateToolBody(id: string, values: ToolFormValues): UpdateToolBody {
  return { id, ...baseFields(values), ...kindPayload(values) };
}
