import { z } from 'zod';
import { id, optionalText, pageQuery, requiredText } from './fields.js';
import { LLM_PROVIDER_KEYS, presetBaseUrl, type LlmProvider } from './llm-providers.js';
import { isHttpUrl, LLM_NAME_PATTERN } from './llm-rules.js';
import { LLM_NAME_MAX, LLM_STATUSES, LLM_TYPES } from './llm-values.js';

const llmName = requiredText('模型名称', LLM_NAME_MAX).regex(LLM_NAME_PATTERN, '模型名称只能包含文字、数字和 _ . : / @ -，且以文字或数字开头');

const baseUrl = z
  .string({ error: '接口地址必须是文本' })
  .trim()
  .max(500, '接口地址不能超过 500 个字符')
  .refine(isHttpUrl, '接口地址必须是以 http:// 或 https:// 开头的网址，例如 https://api.deepseek.com/v1')
  .transform((value) => value.replace(/\/+$/, ''));

const number = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}必须是数字` })
    .min(min, `${label}不能小于 ${min}`)
    .max(max, `${label}不能大于 ${max}`);
const integer = (label: string, min: number, max: number) => number(label, min, max).int(`${label}必须是整数`);
const flag = (label: string) => z.boolean({ error: `${label}必须是 true 或 false` });

/** Every field a model has that its owner may set; server-owned fields (owner, times) are not here. */
const modelFields = {
  display_name: optionalText('显示名称', 100),
  type: z.enum(LLM_TYPES, { error: '模型类型只能是 chat、embedding、rerank、vision 或 stt' }),
  provider: z.enum(LLM_PROVIDER_KEYS, { error: (issue) => `不支持的模型提供方：${String(issue.input)}` }),
  base_url: baseUrl,
  /** Empty clears the key; the masked value (or leaving it out) keeps the stored one. */
  api_key: z.string({ error: 'API 密钥必须是文本' }).trim().max(500, 'API 密钥不能超过 500 个字符'),
  /** The model id the provider expects; defaults to `llm_name`. */
  upstream_model: optionalText('上游模型 ID', 200),
  context_window: integer('上下文长度', 1, 10_000_000),
  temperature: number('温度', 0, 2).nullable(),
  top_p: number('top_p', 0, 1).nullable(),
  max_tokens: integer('最大输出长度', 1, 1_000_000).nullable(),
  supports_tools: flag('是否支持工具调用'),
  supports_vision: flag('是否支持图片'),
  description: optionalText('描述', 500),
  status: z.enum(LLM_STATUSES, { error: '状态只能是 enabled 或 disabled' }),
  is_public: flag('是否公开'),
};

const optionalFields = {
  display_name: modelFields.display_name,
  provider: modelFields.provider.optional(),
  base_url: modelFields.base_url.optional(),
  api_key: modelFields.api_key.optional(),
  upstream_model: modelFields.upstream_model,
  context_window: modelFields.context_window.optional(),
  temperature: modelFields.temperature.optional(),
  top_p: modelFields.top_p.optional(),
  max_tokens: modelFields.max_tokens.optional(),
  supports_tools: modelFields.supports_tools.optional(),
  supports_vision: modelFields.supports_vision.optional(),
  description: modelFields.description,
  status: modelFields.status.optional(),
  is_public: modelFields.is_public.optional(),
};

/** A provider without a preset needs its base URL. */
const needsBaseUrl = (body: { provider?: LlmProvider; base_url?: string }) => !!body.base_url || presetBaseUrl(body.provider ?? 'openai-compatible') !== '';
const baseUrlRule = { message: '请输入接口地址（通用 OpenAI 兼容提供方没有默认地址）', path: ['base_url'] };

export const createLlmModelBody = z.object({ llm_name: llmName, ...optionalFields, type: modelFields.type }).refine(needsBaseUrl, baseUrlRule);
export type CreateLlmModelBody = z.infer<typeof createLlmModelBody>;

export const updateLlmModelBody = z.object({ id: id('模型 id'), llm_name: llmName.optional(), ...optionalFields, type: modelFields.type.optional() });
export type UpdateLlmModelBody = z.infer<typeof updateLlmModelBody>;

export const listLlmModelsBody = pageQuery.extend({
  type: modelFields.type.optional(),
  status: modelFields.status.optional(),
  keyword: optionalText('关键词', 100),
});
export type ListLlmModelsBody = z.infer<typeof listLlmModelsBody>;

export const llmIdBody = z.object({ id: id('模型 id') });
export const updateLlmStatusBody = z.object({ id: id('模型 id'), status: modelFields.status });
export type UpdateLlmStatusBody = z.infer<typeof updateLlmStatusBody>;
export const getModelConfigBody = z.object({ llm_name: requiredText('模型名称', LLM_NAME_MAX) });

/**
 * Test a saved model (`{id}`), a saved model with edited fields (`{id, …}`, owner or administrator
 * only), or an unsaved configuration (`{type, provider, base_url, api_key, upstream_model | llm_name}`).
 */
export const testLlmConnectionBody = z
  .object({ id: id('模型 id').optional(), llm_name: llmName.optional(), ...optionalFields, type: modelFields.type.optional() })
  .refine((body) => !!body.id || !!body.type, { message: '请选择模型类型', path: ['type'] })
  .refine((body) => !!body.id || !!body.upstream_model || !!body.llm_name, { message: '请输入上游模型 ID', path: ['upstream_model'] })
  .refine((body) => !!body.id || needsBaseUrl(body), baseUrlRule);
export type TestLlmConnectionBody = z.infer<typeof testLlmConnectionBody>;

export const suggestQuestionsBody = z.object({
  llm_name: llmName.optional(),
  messages: z
    .array(
      z.object({
        role: z.enum(['system', 'user', 'assistant'], { error: '消息角色只能是 system、user 或 assistant' }),
        content: z.string({ error: '消息内容必须是文本' }).max(20_000, '消息内容不能超过 20000 个字符'),
      }),
      { error: 'messages 必须是数组' },
    )
    .max(100, '消息最多 100 条')
    .optional(),
  description: optionalText('描述', 2_000),
});
export type SuggestQuestionsBody = z.infer<typeof suggestQuestionsBody>;

/** A model as the API answers it: the API key only ever masked. */
export const llmModel = z.object({
  id: z.string(),
  llm_name: z.string(),
  display_name: z.string(),
  type: z.enum(LLM_TYPES),
  provider: z.enum(LLM_PROVIDER_KEYS),
  base_url: z.string(),
  /** Masked (`sk-a****wxyz`) for those who may edit the model, '' for everyone else. */
  api_key: z.string(),
  has_api_key: z.boolean(),
  upstream_model: z.string(),
  context_window: z.number(),
  temperature: z.number().nullable(),
  top_p: z.number().nullable(),
  max_tokens: z.number().nullable(),
  supports_tools: z.boolean(),
  supports_vision: z.boolean(),
  description: z.string(),
  status: z.enum(LLM_STATUSES),
  is_public: z.boolean(),
  owner_id: z.string().nullable(),
  /** The caller owns the model or is an administrator: may edit, delete and switch it. */
  can_edit: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LlmModel = z.infer<typeof llmModel>;

export const llmModelPage = z.object({ total: z.number(), list: z.array(llmModel) });
