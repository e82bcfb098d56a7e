import { AGENT_DEFAULTS, type AgentInfo, type AgentServiceRef, type CreateAgentBody } from '@agent-platform/contracts';

/** A chosen MCP service in the form: no functions chosen means all of them; resources are attached as context. */
export interface ServiceChoice {
  service_id: string;
  functions: string[];
  resources: string[];
}

/** The builder's fields; optional numbers are empty (undefined or null) for "the model's default". */
export interface AgentFormValues extends Omit<CreateAgentBody, 'llm_name' | 'temperature' | 'top_p' | 'max_tokens' | 'services'> {
  llm_name?: string;
  temperature?: number | null;
  top_p?: number | null;
  max_tokens?: number | null;
  services: ServiceChoice[];
}

export const DEFAULT_AVATAR = '🤖';

/** The form of a saved agent, or of a new one (with the first usable chat model chosen). */
export function toFormValues(agent?: AgentInfo, defaultModel?: string): AgentFormValues {
  if (!agent) {
    return {
      name: '',
      avatar: DEFAULT_AVATAR,
      description: '',
      system_prompt: '',
      prompt_shared: false,
      opening_message: '',
      suggested_questions: [],
      llm_name: defaultModel,
      tool_ids: [],
      services: [],
      kb_ids: [],
      retrieval: { top_k: AGENT_DEFAULTS.kb_top_k, threshold: AGENT_DEFAULTS.kb_threshold, mode: AGENT_DEFAULTS.kb_mode },
      hitl: { action_confirm: false, observation_confirm: false },
      max_steps: AGENT_DEFAULTS.max_steps,
      history_turns: AGENT_DEFAULTS.history_turns,
      tags: [],
    };
  }
  return {
    name: agent.name,
    avatar: agent.avatar || DEFAULT_AVATAR,
    description: agent.description,
    system_prompt: agent.system_prompt,
    prompt_shared: agent.prompt_shared,
    opening_message: agent.opening_message,
    suggested_questions: agent.suggested_questions,
    llm_name: agent.llm_name || undefined,
    temperature: agent.temperature,
    top_p: agent.top_p,
    max_tokens: agent.max_tokens,
    tool_ids: agent.tool_ids,
    services: agent.services.map((ref) => ({ service_id: ref.service_id, functions: ref.functions ?? [], resources: ref.resources ?? [] })),
    kb_ids: agent.kb_ids,
    retrieval: { ...agent.retrieval },
    hitl: { ...agent.hitl },
    max_steps: agent.max_steps,
    history_turns: agent.history_turns,
    tags: agent.tags,
  };
}

const orNull = (value: number | null | undefined) => (value === undefined || value === null ? null : value);

function toServiceRef(choice: ServiceChoice): AgentServiceRef {
  return {
    service_id: choice.service_id,
    ...(choice.functions.length > 0 ? { functions: choice.functions } : {}),
    ...(choice.resources.length > 0 ? { resources: choice.resources } : {}),
  };
}

/** What `/agent/create` and `/agent/update` get: trimmed text, blank questions dropped, empty numbers as null. */
export function toAgentBody(values: AgentFormValues): CreateAgentBody {
  return {
    name: values.name.trim(),
    avatar: values.avatar.trim() || DEFAULT_AVATAR,
    description: values.description.trim(),
    system_prompt: values.system_prompt,
    prompt_shared: values.prompt_shared,
    opening_message: values.opening_message,
    suggested_questions: values.suggested_questions.map((question) => question.trim()).filter(Boolean),
    llm_name: values.llm_name?.trim() ?? '',
    temperature: orNull(values.temperature),
    top_p: orNull(values.top_p),
    max_tokens: orNull(values.max_tokens),
    tool_ids: values.tool_ids,
    services: values.services.map(toServiceRef),
    kb_ids: values.kb_ids,
    retrieval: values.retrieval,
    hitl: values.hitl,
    max_steps: values.max_steps,
    history_turns: values.history_turns,
    tags: values.tags.map((tag) => tag.trim()).filter(Boolean),
  };
}

/**
 * The live preview's draft: the form as it is, without the fields the server would refuse while they
 * are still empty (the saved agent's values apply to those).
 */
export function toDraft(values: AgentFormValues): Partial<CreateAgentBody> {
  const { name, llm_name: llmName, max_steps: maxSteps, history_turns: historyTurns, retrieval, ...rest } = toAgentBody(values);
  const retrievalSet = typeof retrieval.top_k === 'number' && typeof retrieval.threshold === 'number';
  return {
    ...rest,
    ...(retrievalSet ? { retrieval } : {}),
    ...(name ? { name } : {}),
    ...(llmName ? { llm_name: llmName } : {}),
    ...(Number.isInteger(maxSteps) ? { max_steps: maxSteps } : {}),
    ...(Number.isInteger(historyTurns) ? { history_turns: historyTurns } : {}),
  };
}
