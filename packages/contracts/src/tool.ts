import { z } from 'zod';
import { id, optionalText, pageQuery, requiredText } from './fields.js';
import { KB_SEARCH_MODES } from './knowledge-values.js';
import {
  MULTIMODAL_TASKS,
  TOOL_AUTH_TYPES,
  TOOL_HTTP_DEFAULTS,
  TOOL_HTTP_METHODS,
  TOOL_KB_DEFAULTS,
  TOOL_KINDS,
  TOOL_NAME_RULE,
  TOOL_PARAM_LOCATIONS,
  type ToolListKind,
} from './tool-values.js';
import { tagFilter, tagNameList } from './tag.js';

/** A tool as lists and forms see it. Secrets in `config.auth` are masked (`ab12****wxyz`). */
export interface ToolInfo {
  /** A uuid; for built-in tools their name. */
  id: string;
  /** The function name the model calls. */
  name: string;
  title: string;
  description: string;
  kind: ToolListKind;
  tags: string[];
  is_public: boolean;
  /** null for built-in tools. */
  owner_id: string | null;
  owner_name: string;
  editable: boolean;
  /** JSON Schema of the input object: the call page builds its form from it. */
  input_schema: Record<string, unknown>;
  /** Kind-specific settings (see `httpToolConfig`, `kbToolConfig`, `dbToolConfig`, `multimodalToolConfig`, `serviceToolConfig`). */
  config: Record<string, unknown>;
  created_at: string | null;
  updated_at: string | null;
  /** The API tool set (imported OpenAPI document) the tool is an operation of: it runs with the set's credentials. */
  provider: { id: string; title: string } | null;
  /** Only in the answer to an update that made the tool private while other users' agents use it. */
  warning?: string;
}

/** `/tool/tool_use`: what one run gave. `output` is what a model would read (the error text on failure). */
export interface ToolUseResult {
  output: string;
  data?: unknown;
  error?: string;
  duration_ms: number;
}

/** One operation found in an OpenAPI document (`/tool/parse_openapi`). */
export interface OpenApiOperation {
  /** Identifies the operation for `/tool/provider/create` (`operations`): the operationId, or `GET /path`. */
  key: string;
  method: string;
  path: string;
  operation_id: string | null;
  /** The tool name it would get. */
  name: string;
  summary: string;
  input_schema: Record<string, unknown>;
  /** The operation's own `security` (or the document's) asks for no credential (`security: []`): its tool never sends the set's. */
  anonymous: boolean;
}

export interface OpenApiPreview {
  title: string;
  version: string;
  servers: string[];
  operations: OpenApiOperation[];
  /** The auth scheme read from the document's `securitySchemes` (`none` when it declares none the tools can send). */
  auth: ToolAuthScheme;
  /** Why a scheme of the document was left aside (OAuth2, cookies…), in Chinese. */
  auth_notes: string[];
  /** The document's text, when it was fetched from `url`: the page sends it on to the import. */
  document?: string;
}

const toolName = z.string({ error: '工具名称必须是文本' }).trim().regex(TOOL_NAME_RULE, '工具名称只能包含字母、数字、下划线和短横线，最长 64 个字符');
const secret = (label: string) =>
  z
    .string({ error: `${label}必须是文本` })
    .min(1, `请输入${label}`)
    .max(2000, `${label}过长`);

/** Each way of authenticating without its secret; `toolAuth` adds the secrets to them. */
const authSchemes = {
  none: z.object({ type: z.literal('none') }),
  apiKey: z.object({
    type: z.literal('api_key'),
    in: z.enum(['header', 'query'], { error: 'API Key 位置只能是 header 或 query' }),
    name: requiredText('API Key 参数名', 100),
  }),
  bearer: z.object({ type: z.literal('bearer') }),
  basic: z.object({ type: z.literal('basic') }),
};
const authTypeError = { error: `认证方式只能是 ${TOOL_AUTH_TYPES.join('、')}` };

export const toolAuth = z.discriminatedUnion(
  'type',
  [
    authSchemes.none,
    authSchemes.apiKey.extend({ value: secret('API Key') }),
    authSchemes.bearer.extend({ token: secret('Bearer Token') }),
    authSchemes.basic.extend({ username: requiredText('用户名', 200), password: secret('密码') }),
  ],
  authTypeError,
);
export type ToolAuth = z.infer<typeof toolAuth>;

/** How a request is authenticated, without the secret: a tool set's scheme. */
export const toolAuthScheme = z.discriminatedUnion('type', [authSchemes.none, authSchemes.apiKey, authSchemes.bearer, authSchemes.basic], authTypeError);
export type ToolAuthScheme = z.infer<typeof toolAuthScheme>;

/** A custom HTTP API tool (`kind: llm`): one endpoint; input properties mapped by `params`. */
export const httpToolConfig = z.object({
  method: z.enum(TOOL_HTTP_METHODS, { error: `请求方法只能是 ${TOOL_HTTP_METHODS.join('、')}` }),
  /** `https://api.example.com/users/{user_id}`: placeholders name input properties. */
  url: requiredText('接口地址', 2000).regex(/^https?:\/\//i, '接口地址必须以 http:// 或 https:// 开头'),
  headers: z.record(z.string(), z.string().max(2000, '请求头的值过长'), { error: '请求头必须是对象' }).default({}),
  /** Input property → where it goes; unlisted ones: URL placeholders to the path, others to query (GET, DELETE) or JSON body. */
  params: z.record(z.string(), z.enum(TOOL_PARAM_LOCATIONS, { error: `参数位置只能是 ${TOOL_PARAM_LOCATIONS.join('、')}` })).default({}),
  auth: toolAuth.default({ type: 'none' }),
  /** A tool set's operation that needs no credential (`OpenApiOperation.anonymous`): the set's is not sent. */
  anonymous: z.boolean({ error: 'anonymous 必须是 true 或 false' }).optional(),
  timeout_ms: z.number({ error: '超时必须是数字' }).int().min(1_000, '超时不能小于 1000 毫秒').max(120_000, '超时不能大于 120000 毫秒').default(TOOL_HTTP_DEFAULTS.timeout_ms),
});
export type HttpToolConfig = z.infer<typeof httpToolConfig>;

export const kbToolConfig = z.object({
  kb_ids: z.array(id('知识库 id'), { error: 'kb_ids 必须是数组' }).min(1, '请选择知识库').max(20, '最多选择 20 个知识库'),
  top_k: z.number({ error: 'top_k 必须是数字' }).int().min(1, 'top_k 不能小于 1').max(50, 'top_k 不能大于 50').default(TOOL_KB_DEFAULTS.top_k),
  mode: z.enum(KB_SEARCH_MODES, { error: `检索方式只能是 ${KB_SEARCH_MODES.join('、')}` }).default(TOOL_KB_DEFAULTS.mode),
  score_threshold: z.number().min(0).max(1).default(0),
});
export type KbToolConfig = z.infer<typeof kbToolConfig>;

export const multimodalToolConfig = z.object({
  task: z.enum(MULTIMODAL_TASKS, { error: '任务只能是 vision（图片理解）或 stt（语音识别）' }),
  llm_name: requiredText('模型', 100),
  /** vision: what to ask about the image; stt: a hint for the transcription. */
  prompt: optionalText('提示词', 2000),
});
export type MultimodalToolConfig = z.infer<typeof multimodalToolConfig>;

/** `kind: llm/db`: a data asset the agent's model writes read-only SQL for (guarded and run like the asset chat's). */
export const dbToolConfig = z.object({ asset_id: id('数据资产 id') });
export type DbToolConfig = z.infer<typeof dbToolConfig>;

/** `kind: service`: one function of an MCP service; its input schema is taken from the service. */
export const serviceToolConfig = z.object({
  service_id: id('服务 id'),
  function: requiredText('函数名称', 200),
});
export type ServiceToolConfig = z.infer<typeof serviceToolConfig>;

const openApiDocument = requiredText('OpenAPI 文档', 2_000_000);

const toolFields = {
  name: toolName,
  title: requiredText('工具显示名称', 100),
  description: optionalText('工具描述', 4000),
  tags: tagNameList,
  is_public: z.boolean({ error: '是否公开必须是 true 或 false' }),
  input_schema: z.record(z.string(), z.unknown(), { error: '输入参数定义必须是 JSON Schema 对象' }),
  /** Checked per kind by the server (see the `*ToolConfig` schemas). */
  config: z.record(z.string(), z.unknown(), { error: '工具配置必须是对象' }),
};

/** `kind: llm` is described by `config` (+ `input_schema`); an OpenAPI document's operations come in as a tool set (`/tool/provider/create`). */
export const createToolBody = z.object({
  kind: z.enum(TOOL_KINDS, { error: `工具类型只能是 ${TOOL_KINDS.join('、')}` }),
  name: toolFields.name.optional(),
  title: toolFields.title.optional(),
  description: toolFields.description,
  tags: toolFields.tags.default([]),
  is_public: toolFields.is_public.default(false),
  input_schema: toolFields.input_schema.optional(),
  config: toolFields.config.optional(),
});
export type CreateToolBody = z.infer<typeof createToolBody>;

/** Fields left out stay; `config` replaces the whole config (masked secrets sent back keep the stored ones). */
export const updateToolBody = z.object({
  id: id('工具 id'),
  name: toolFields.name.optional(),
  title: toolFields.title.optional(),
  description: toolFields.description,
  tags: toolFields.tags.optional(),
  is_public: toolFields.is_public.optional(),
  input_schema: toolFields.input_schema.optional(),
  config: toolFields.config.optional(),
});
export type UpdateToolBody = z.infer<typeof updateToolBody>;

export const toolIdBody = z.object({ id: id('工具 id') });

export const listToolsBody = pageQuery.extend({
  kind: z.enum([...TOOL_KINDS, 'builtin'], { error: '工具类型不正确' }).optional(),
  tag: tagFilter,
  keyword: optionalText('关键词', 100),
});
export type ListToolsBody = z.infer<typeof listToolsBody>;

/** `id`: a tool id, or a built-in tool's name. */
export const toolUseBody = z.object({
  id: requiredText('工具 id', 64),
  input: z.record(z.string(), z.unknown(), { error: '工具输入必须是对象' }).default({}),
});
export type ToolUseBody = z.infer<typeof toolUseBody>;

/** The document pasted (`document`) or fetched from `url` through the outbound rules. */
export const openApiSource = {
  document: openApiDocument.optional(),
  url: optionalText('文档网址', 2000).refine((url) => url === undefined || /^https?:\/\//i.test(url), '文档网址必须以 http:// 或 https:// 开头'),
};
export const parseOpenApiBody = z.object(openApiSource).refine((body) => Boolean(body.document) !== Boolean(body.url), '请粘贴 OpenAPI 文档或填写文档网址（二选一）');
export type ParseOpenApiBody = z.infer<typeof parseOpenApiBody>;
