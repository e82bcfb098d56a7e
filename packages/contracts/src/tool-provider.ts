import { z } from 'zod';
import { id, optionalText, pageQuery, requiredText } from './fields.js';
import { tagNameList } from './tag.js';
import { openApiSource, toolAuthScheme, type ToolAuthScheme, type ToolInfo } from './tool.js';
import { TOOL_CREDENTIAL_MODES, type ToolCredentialMode } from './tool-values.js';

/**
 * A secret as a form sends it: `secret` is the API key, the bearer token or the basic password;
 * `username` only for basic. A masked secret sent back (`ab12****wxyz`) keeps the stored one.
 */
export const toolCredential = z.object({
  username: optionalText('用户名', 200),
  secret: z
    .string({ error: (issue) => (issue.input === undefined ? '请输入密钥' : '密钥必须是文本') })
    .min(1, '请输入密钥')
    .max(2000, '密钥过长'),
});
export type ToolCredential = z.infer<typeof toolCredential>;

/** A stored credential as answered: the secret masked, never in the clear. */
export interface ToolCredentialShown {
  username: string;
  secret: string;
}

/** An API tool set: one imported OpenAPI document, its operations as tools, one auth scheme and its credentials. */
export interface ToolProviderInfo {
  id: string;
  title: string;
  description: string;
  owner_id: string;
  owner_name: string;
  editable: boolean;
  is_public: boolean;
  /** The base address the operations' paths are joined to. */
  server_url: string;
  /** Where the document was fetched from; re-import fetches it again. */
  document_url: string | null;
  auth: ToolAuthScheme;
  credential_mode: ToolCredentialMode;
  /** The shared credential (masked), answered to those who may edit the set; null when none is stored. */
  credential: ToolCredentialShown | null;
  /** `per_user`: the viewer's own credential (masked), or null until they add one. */
  my_credential: ToolCredentialShown | null;
  tools: ToolInfo[];
  created_at: string;
  updated_at: string;
}

const credentialMode = z.enum(TOOL_CREDENTIAL_MODES, { error: '凭据方式只能是 shared（共享）或 per_user（每个用户自己填写）' });
const operationKeys = z.array(requiredText('接口操作', 300), { error: 'operations 必须是数组' }).min(1, '请至少选择一个接口').max(500, '一次最多导入 500 个接口');

/**
 * `/tool/provider/create`: import a document (pasted, or fetched from `url`) as a tool set. `auth`
 * defaults to the scheme in the document's `securitySchemes`; `credential` is needed for a shared one.
 */
export const createToolProviderBody = z.object({
  ...openApiSource,
  title: optionalText('工具集名称', 100),
  description: optionalText('工具集描述', 4000),
  /** The operations' keys (from `/tool/parse_openapi`); all when left out. */
  operations: operationKeys.optional(),
  server_url: optionalText('服务地址', 2000),
  auth: toolAuthScheme.optional(),
  credential_mode: credentialMode.default('shared'),
  credential: toolCredential.optional(),
  tags: tagNameList.default([]),
  is_public: z.boolean({ error: '是否公开必须是 true 或 false' }).default(false),
});
export type CreateToolProviderBody = z.infer<typeof createToolProviderBody>;

/** Fields left out stay. A new `auth` type needs a new credential (when shared). */
export const updateToolProviderBody = z.object({
  id: id('工具集 id'),
  title: optionalText('工具集名称', 100),
  description: optionalText('工具集描述', 4000),
  is_public: z.boolean({ error: '是否公开必须是 true 或 false' }).optional(),
  auth: toolAuthScheme.optional(),
  credential_mode: credentialMode.optional(),
  credential: toolCredential.optional(),
});
export type UpdateToolProviderBody = z.infer<typeof updateToolProviderBody>;

/**
 * `/tool/provider/reimport`: the operations updated from a new version of the document (pasted, or
 * fetched again from `url` or the stored address); the credentials stay. Operations gone from the
 * document are removed; `operations` adds new ones (default: the ones already imported).
 */
export const reimportToolProviderBody = z.object({
  id: id('工具集 id'),
  ...openApiSource,
  server_url: optionalText('服务地址', 2000),
  operations: operationKeys.optional(),
});
export type ReimportToolProviderBody = z.infer<typeof reimportToolProviderBody>;

export const toolProviderIdBody = z.object({ id: id('工具集 id') });

export const saveMyToolCredentialBody = z.object({ id: id('工具集 id'), credential: toolCredential });
export type SaveMyToolCredentialBody = z.infer<typeof saveMyToolCredentialBody>;

export const listToolProvidersBody = pageQuery.extend({ keyword: optionalText('关键词', 100) });
export type ListToolProvidersBody = z.infer<typeof listToolProvidersBody>;

/** What a re-import changed. */
export interface ReimportResult {
  provider: ToolProviderInfo;
  added: number;
  updated: number;
  removed: number;
}
