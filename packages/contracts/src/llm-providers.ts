/**
 * Model providers the model form offers. Every one speaks the OpenAI-compatible API; a preset only
 * fills in the usual base URL (and suggests model ids). `openai-compatible` is any other endpoint.
 */
export const LLM_PROVIDERS = [
  { key: 'openai-compatible', label: '通用（OpenAI 兼容）', base_url: '', needs_api_key: false, example_models: [] },
  { key: 'openai', label: 'OpenAI', base_url: 'https://api.openai.com/v1', needs_api_key: true, example_models: ['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small', 'whisper-1'] },
  { key: 'deepseek', label: 'DeepSeek（深度求索）', base_url: 'https://api.deepseek.com/v1', needs_api_key: true, example_models: ['deepseek-chat', 'deepseek-reasoner'] },
  {
    key: 'qwen',
    label: '通义千问（DashScope 兼容模式）',
    base_url: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    needs_api_key: true,
    example_models: ['qwen-plus', 'qwen-max', 'qwen-vl-plus', 'text-embedding-v3'],
  },
  { key: 'zhipu', label: '智谱 AI（GLM）', base_url: 'https://open.bigmodel.cn/api/paas/v4', needs_api_key: true, example_models: ['glm-4-plus', 'glm-4v-plus', 'embedding-3'] },
  { key: 'moonshot', label: 'Moonshot（Kimi）', base_url: 'https://api.moonshot.cn/v1', needs_api_key: true, example_models: ['moonshot-v1-8k', 'moonshot-v1-32k'] },
  { key: 'ollama', label: 'Ollama（本地）', base_url: 'http://127.0.0.1:11434/v1', needs_api_key: false, example_models: ['qwen2.5:7b', 'nomic-embed-text'] },
  { key: 'vllm', label: 'vLLM（本地）', base_url: 'http://127.0.0.1:8000/v1', needs_api_key: false, example_models: [] },
] as const satisfies ReadonlyArray<{ key: string; label: string; base_url: string; needs_api_key: boolean; example_models: readonly string[] }>;

export type LlmProvider = (typeof LLM_PROVIDERS)[number]['key'];
export const LLM_PROVIDER_KEYS = LLM_PROVIDERS.map((provider) => provider.key) as [LlmProvider, ...LlmProvider[]];

/** The preset base URL of a provider; '' when the user must give one. */
export function presetBaseUrl(provider: LlmProvider): string {
  return LLM_PROVIDERS.find((preset) => preset.key === provider)?.base_url ?? '';
}

/** `sk-abcdefwxyz` → `sk-a****wxyz`; short secrets show nothing but the stars. */
export function maskSecret(secret: string): string {
  if (secret.length <= 8) return '****';
  return `${secret.slice(0, 4)}****${secret.slice(-4)}`;
}

/** A value the form sent back as it was shown: stars where the secret was. */
export const looksMasked = (value: string) => value.includes('****');
