import { z } from 'zod';
import { id, optionalText, pageQuery, requiredText } from './fields.js';
import { MCP_CALL_TIMEOUT_MIN_MS, MCP_HEADERS_MAX, MCP_SERVICE_NAME_MAX, MCP_TRANSPORTS } from './service-values.js';
import { tagFilter, tagNameList } from './tag.js';

const httpUrl = z
  .string({ error: '服务地址必须是文本' })
  .trim()
  .max(2000, '服务地址不能超过 2000 个字符')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), '服务地址必须以 http:// 或 https:// 开头');

/** Header (or environment variable) names and values; values may come back masked from the form. */
const secretMap = (label: string, namePattern: RegExp) =>
  z
    .record(
      z.string().regex(namePattern, `${label}名称只能包含字母、数字、- 和 _`).max(100, `${label}名称不能超过 100 个字符`),
      z.string({ error: `${label}的值必须是文本` }).max(4000, `${label}的值不能超过 4000 个字符`),
      { error: (issue) => (issue.code === 'invalid_type' ? `${label}必须是对象` : issue.code === 'invalid_key' ? `${label}名称只能包含字母、数字、- 和 _，且不超过 100 个字符` : undefined) },
    )
    .refine((value) => Object.keys(value).length <= MCP_HEADERS_MAX, `${label}最多 ${MCP_HEADERS_MAX} 个`);

const configFields = {
  transport: z.enum(MCP_TRANSPORTS, { error: '传输方式只能是 streamable_http、sse 或 stdio' }),
  url: httpUrl,
  headers: secretMap('请求头', /^[A-Za-z0-9-_]+$/),
  command: z.string({ error: '命令必须是文本' }).trim().max(200, '命令不能超过 200 个字符'),
  args: z.array(z.string({ error: '命令参数必须是文本' }).max(1000, '命令参数不能超过 1000 个字符'), { error: '命令参数必须是数组' }).max(50, '命令参数最多 50 个'),
  env: secretMap('环境变量', /^[A-Za-z_][A-Za-z0-9_]*$/),
};

const serviceFields = {
  name: requiredText('服务名称', MCP_SERVICE_NAME_MAX),
  /** The server refuses a value above its own MCP_CALL_TIMEOUT_MS; null takes the server's. */
  call_timeout_ms: z
    .number({ error: '调用超时必须是数字' })
    .int('调用超时必须是整数')
    .min(MCP_CALL_TIMEOUT_MIN_MS, `调用超时不能小于 ${MCP_CALL_TIMEOUT_MIN_MS} 毫秒`)
    .max(600_000, '调用超时不能大于 600000 毫秒')
    .nullable(),
  description: z.string({ error: '描述必须是文本' }).trim().max(500, '描述不能超过 500 个字符'),
  tags: tagNameList,
  is_public: z.boolean({ error: 'is_public 必须是布尔值' }),
};

/** A connection config is complete: a URL for HTTP transports, a command for stdio. */
function requireTarget(value: { transport?: string; url?: string; command?: string }, ctx: z.RefinementCtx): void {
  if (value.transport === 'stdio' ? !value.command : !value.url) {
    ctx.addIssue({ code: 'custom', path: [value.transport === 'stdio' ? 'command' : 'url'], message: value.transport === 'stdio' ? '请输入命令' : '请输入服务地址' });
  }
}

const configDefaults = {
  transport: configFields.transport.default('streamable_http'),
  url: configFields.url.default(''),
  headers: configFields.headers.default({}),
  command: configFields.command.default(''),
  args: configFields.args.default([]),
  env: configFields.env.default({}),
};

export const createServiceBody = z
  .object({
    ...configDefaults,
    name: serviceFields.name,
    description: serviceFields.description.default(''),
    tags: serviceFields.tags.default([]),
    is_public: serviceFields.is_public.default(false),
    call_timeout_ms: serviceFields.call_timeout_ms.default(null),
  })
  .superRefine(requireTarget);
export type CreateServiceBody = z.infer<typeof createServiceBody>;

/** Only the fields given change; masked header values keep the stored ones. */
export const updateServiceBody = z.object({
  id: id('服务 id'),
  name: serviceFields.name.optional(),
  description: serviceFields.description.optional(),
  tags: serviceFields.tags.optional(),
  is_public: serviceFields.is_public.optional(),
  call_timeout_ms: serviceFields.call_timeout_ms.optional(),
  transport: configFields.transport.optional(),
  url: configFields.url.optional(),
  headers: configFields.headers.optional(),
  command: configFields.command.optional(),
  args: configFields.args.optional(),
  env: configFields.env.optional(),
});
export type UpdateServiceBody = z.infer<typeof updateServiceBody>;

export const serviceIdBody = z.object({ id: id('服务 id') });

export const listServicesBody = pageQuery.extend({
  keyword: optionalText('关键词', 100),
  tag: tagFilter,
});
export type ListServicesBody = z.infer<typeof listServicesBody>;

/**
 * The form's "test" button: a config not saved yet. With `id` (editing a saved service), masked header
 * and environment values stand for the stored ones.
 */
export const mcpConfigBody = z.object({ ...configDefaults, id: id('服务 id').optional(), name: optionalText('服务名称', MCP_SERVICE_NAME_MAX) }).superRefine(requireTarget);
export type McpConfigBody = z.infer<typeof mcpConfigBody>;

/** The legacy SSE transport's test: only an address and headers. */
export const sseConfigBody = z.object({
  id: id('服务 id').optional(),
  url: httpUrl.refine((value) => value !== '', '请输入服务地址'),
  headers: configFields.headers.default({}),
});
export type SseConfigBody = z.infer<typeof sseConfigBody>;
