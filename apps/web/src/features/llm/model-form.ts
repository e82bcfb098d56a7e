import { presetBaseUrl, type CreateLlmModelBody, type LlmModel, type LlmProvider, type LlmType, type TestLlmConnectionBody, type UpdateLlmModelBody } from '@agent-platform/contracts';
import { DEFAULT_CONTEXT_WINDOW, TYPE_FIELDS } from './constants';

/** The model form's fields (what the user sees; empty parameters mean "the provider's default"). */
export interface ModelFormValues {
  type: LlmType;
  llm_name: string;
  display_name: string;
  description: string;
  is_public: boolean;
  enabled: boolean;
  provider: LlmProvider;
  base_url: string;
  api_key: string;
  upstream_model: string;
  context_window: number | null;
  temperature: number | null;
  top_p: number | null;
  max_tokens: number | null;
  supports_tools: boolean;
  supports_vision: boolean;
}

export function initialValues(model?: LlmModel, type: LlmType = 'chat'): ModelFormValues {
  if (!model) {
    return {
      type,
      llm_name: '',
      display_name: '',
      description: '',
      is_public: false,
      enabled: true,
      provider: 'openai-compatible',
      base_url: '',
      api_key: '',
      upstream_model: '',
      context_window: DEFAULT_CONTEXT_WINDOW,
      temperature: null,
      top_p: null,
      max_tokens: null,
      supports_tools: false,
      supports_vision: type === 'vision',
    };
  }
  return {
    type: model.type,
    llm_name: model.llm_name,
    // The server fills an empty display name with the model name: show it empty again.
    display_name: model.display_name === model.llm_name ? '' : model.display_name,
    description: model.description,
    is_public: model.is_public,
    enabled: model.status === 'enabled',
    provider: model.provider,
    base_url: model.base_url,
    api_key: model.api_key,
    upstream_model: model.upstream_model === model.llm_name ? '' : model.upstream_model,
    context_window: model.context_window,
    temperature: model.temperature,
    top_p: model.top_p,
    max_tokens: model.max_tokens,
    supports_tools: model.supports_tools,
    supports_vision: model.supports_vision,
  };
}

/** A new provider brings its usual address, unless the user had typed an address of their own. */
export function baseUrlAfterProviderChange(previous: LlmProvider, next: LlmProvider, current: string): string {
  const untouched = current.trim() === '' || current.trim() === presetBaseUrl(previous);
  return untouched ? presetBaseUrl(next) : current;
}

const trimmed = (value: string | undefined) => (value ?? '').trim();

/** The fields that decide where and how the model is called, as the API takes them. */
function connectionFields(values: ModelFormValues) {
  return {
    type: values.type,
    provider: values.provider,
    base_url: trimmed(values.base_url) || presetBaseUrl(values.provider),
    // Empty means "the same as the model name": said explicitly, so a rename on edit carries it along.
    upstream_model: trimmed(values.upstream_model) || trimmed(values.llm_name) || undefined,
  };
}

/** Only the fields the type has: generation settings mean nothing to an embedding model. */
function typeFields(values: ModelFormValues) {
  const fields = TYPE_FIELDS[values.type];
  return {
    ...(fields.contextWindow && values.context_window ? { context_window: values.context_window } : {}),
    ...(fields.generation
      ? {
          temperature: values.temperature ?? null,
          top_p: values.top_p ?? null,
          max_tokens: values.max_tokens ?? null,
          supports_tools: values.supports_tools,
          supports_vision: values.supports_vision,
        }
      : {}),
  };
}

function savedFields(values: ModelFormValues) {
  return {
    llm_name: trimmed(values.llm_name),
    display_name: trimmed(values.display_name),
    description: trimmed(values.description),
    is_public: values.is_public,
    status: values.enabled ? ('enabled' as const) : ('disabled' as const),
    ...connectionFields(values),
    ...typeFields(values),
  };
}

/**
 * The key to send: left out while it is the masked key the server showed (the stored key is kept),
 * '' when the user cleared it (the stored key is removed), otherwise what the user typed.
 */
export function apiKeyChange(values: ModelFormValues, model?: LlmModel): { api_key?: string } {
  const key = trimmed(values.api_key);
  if (model && model.api_key !== '' && key === model.api_key) return {};
  if (!model && key === '') return {};
  if (model && model.api_key === '' && key === '') return {};
  return { api_key: key };
}

export function toCreateBody(values: ModelFormValues): CreateLlmModelBody {
  return { ...savedFields(values), ...apiKeyChange(values) };
}

export function toUpdateBody(model: LlmModel, values: ModelFormValues): UpdateLlmModelBody {
  return { id: model.id, ...savedFields(values), ...apiKeyChange(values, model) };
}

/** Tests what the form holds now; on edit the saved key is used while the key field is untouched. */
export function toTestBody(values: ModelFormValues, model?: LlmModel): TestLlmConnectionBody {
  return {
    ...(model ? { id: model.id } : {}),
    llm_name: trimmed(values.llm_name) || undefined,
    ...connectionFields(values),
    ...apiKeyChange(values, model),
  };
}
