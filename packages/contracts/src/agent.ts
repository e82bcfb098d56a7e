import { z } from 'zod';
import { id, optionalText, pageQuery, requiredText } from './fields.js';
import { KB_SEARCH_MODES } from './knowledge-values.js';
import { AGENT_DEFAULTS, AGENT_LIMITS, type PlanStepStatus } from './agent-values.js';
import { tagFilter, tagNameList } from './tag.js';

/** An MCP service an agent uses: all its functions, or the named ones; `resources` (URIs) are read into its context each turn. */
export interface AgentServiceRef {
  service_id: string;
  functions?: string[];
  resources?: string[];
}

/** An agent as pages and calls see it. */
export interface AgentInfo {
  id: string;
  name: string;
  /** An emoji, or an image URL. */
  avatar: string;
  description: string;
  /** Empty for users other than the owner and administrators unless `prompt_shared`. */
  system_prompt: string;
  /** The owner lets every user who can see the agent read its system prompt. */
  prompt_shared: boolean;
  opening_message: string;
  suggested_questions: string[];
  llm_name: string;
  temperature: number | null;
  top_p: number | null;
  max_tokens: number | null;
  /** Built-in tool names and custom tool ids (`/tool/query_tool_list`). */
  tool_ids: string[];
  services: AgentServiceRef[];
  kb_ids: string[];
  retrieval: { top_k: number; threshold: number; mode: 'hybrid' | 'fulltext' | 'vector' };
  /** Which steps wait for a person. */
  hitl: { action_confirm: boolean; observation_confirm: boolean };
  /** Model calls per turn before the agent stops and says so. */
  max_steps: number;
  /** Past exchanges the model sees. */
  history_turns: number;
  tags: string[];
  is_public: boolean;
  owner_id: string;
  owner_name: string;
  editable: boolean;
  created_at: string;
  updated_at: string;
}

/** `/agent/withhold`'s answer: the agent, and a Chinese warning when other users' multi-agent setups use it (their chats stop working). */
export interface AgentWithheldInfo extends AgentInfo {
  warning?: string;
}

const number = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}必须是数字` })
    .min(min, `${label}不能小于 ${min}`)
    .max(max, `${label}不能大于 ${max}`);
const int = (label: string, min: number, max: number) => number(label, min, max).int(`${label}必须是整数`);
const flag = (label: string) => z.boolean({ error: `${label}必须是 true 或 false` });

const agentFields = {
  name: requiredText('智能体名称', 50),
  avatar: z.string({ error: '头像必须是文本' }).trim().max(2000, '头像地址过长').default('🤖'),
  description: z.string({ error: '描述必须是文本' }).trim().max(2000, '描述不能超过 2000 个字符').default(''),
  system_prompt: z.string({ error: '系统提示词必须是文本' }).max(20_000, '系统提示词不能超过 20000 个字符').default(''),
  prompt_shared: z.boolean({ error: '公开系统提示词必须是 true 或 false' }).default(false),
  opening_message: z.string({ error: '开场白必须是文本' }).max(2000, '开场白不能超过 2000 个字符').default(''),
  suggested_questions: z
    .array(requiredText('推荐问题', 200), { error: '推荐问题必须是数组' })
    .max(AGENT_LIMITS.suggested_questions, `最多 ${AGENT_LIMITS.suggested_questions} 个推荐问题`)
    .default([]),
  llm_name: requiredText('对话模型', 100),
  temperature: number('温度', 0, 2).nullable().default(null),
  top_p: number('top_p', 0, 1).nullable().default(null),
  max_tokens: int('最大输出长度', 1, 200_000).nullable().default(null),
  tool_ids: z.array(requiredText('工具', 100), { error: '工具必须是数组' }).max(AGENT_LIMITS.tools, `最多 ${AGENT_LIMITS.tools} 个工具`).default([]),
  services: z
    .array(
      z.object({
        service_id: id('服务 id'),
        functions: z.array(requiredText('函数名', 200), { error: '函数必须是数组' }).max(100, '最多 100 个函数').optional(),
        resources: z.array(requiredText('资源地址', 2000), { error: '资源必须是数组' }).max(AGENT_LIMITS.resources, `每个服务最多附加 ${AGENT_LIMITS.resources} 个资源`).optional(),
      }),
      { error: '服务必须是数组' },
    )
    .max(AGENT_LIMITS.services, `最多 ${AGENT_LIMITS.services} 个服务`)
    .default([]),
  kb_ids: z.array(id('知识库 id'), { error: '知识库必须是数组' }).max(AGENT_LIMITS.kbs, `最多 ${AGENT_LIMITS.kbs} 个知识库`).default([]),
  retrieval: z
    .object({
      top_k: int('召回数量', 1, 50).default(AGENT_DEFAULTS.kb_top_k),
      threshold: number('相关度阈值', 0, 1).default(AGENT_DEFAULTS.kb_threshold),
      mode: z.enum(KB_SEARCH_MODES, { error: `检索方式只能是 ${KB_SEARCH_MODES.join('、')}` }).default(AGENT_DEFAULTS.kb_mode),
    })
    .default({ top_k: AGENT_DEFAULTS.kb_top_k, threshold: AGENT_DEFAULTS.kb_threshold, mode: AGENT_DEFAULTS.kb_mode }),
  hitl: z
    .object({ action_confirm: flag('调用工具前确认').default(false), observation_confirm: flag('工具结果确认').default(false) })
    .default({ action_confirm: false, observation_confirm: false }),
  max_steps: int('最大步数', 1, AGENT_LIMITS.max_steps).default(AGENT_DEFAULTS.max_steps),
  history_turns: int('记忆轮数', 0, AGENT_LIMITS.history_turns).default(AGENT_DEFAULTS.history_turns),
  tags: tagNameList.default([]),
};

export const createAgentBody = z.object(agentFields);
export type CreateAgentBody = z.infer<typeof createAgentBody>;

/** A field of an update: its default dropped, so a field not given stays unchanged instead of reset. */
const leftAsIs = (schema: z.ZodType) => (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema).optional();

/** The agent's fields, each optional and without its default: what an update or a draft changes. */
const changedFields = Object.fromEntries(Object.entries(agentFields).map(([key, schema]) => [key, leftAsIs(schema)])) as {
  [K in keyof typeof agentFields]: z.ZodOptional<(typeof agentFields)[K]>;
};

/** `/agent/update {id, ...}`: only the fields given change. */
export const updateAgentBody = z.object({ id: id('智能体 id') }).extend(changedFields);
export type UpdateAgentBody = z.infer<typeof updateAgentBody>;

/**
 * "bare id" calls (`/agent/detail`, `delete`, `publish`, `withhold`, `role_desc`, `hitl_finish`): the body is
 * the id itself as a JSON string, or `{id}`.
 */
export const bareId = (label: string) => z.preprocess((value) => (typeof value === 'string' ? { id: value } : value), z.object({ id: id(label) }, { error: `缺少${label}` }));
export const agentIdBody = bareId('智能体 id');

export const listAgentsBody = pageQuery.extend({
  keyword: optionalText('关键词', 100),
  tag: tagFilter,
});
export type ListAgentsBody = z.infer<typeof listAgentsBody>;

/** `/agent/role_prompt`: the "AI 帮写" button. */
export const rolePromptBody = z.object({ description: requiredText('智能体描述', 2000), llm_name: optionalText('模型', 100) });
export type RolePromptBody = z.infer<typeof rolePromptBody>;

/** `POST /api/agent/chat` and `POST /api/agent/plan_chat` (the stream of docs/streaming.md). */
export const agentChatBody = z.object({
  agent_id: id('智能体 id'),
  query: requiredText('问题', 20_000),
  conversation_id: id('会话 id').optional(),
  file_ids: z.array(id('文件 id'), { error: 'file_ids 必须是数组' }).max(10, '最多附带 10 个文件').default([]),
  /** Answer the conversation's last question again (the question is not stored twice). */
  regenerate: z.boolean({ error: 'regenerate 必须是 true 或 false' }).optional(),
  /**
   * The builder's live preview chats with a draft: these fields override the saved agent's for this turn
   * only (the owner's draft; others' agents cannot be overridden).
   */
  draft: z.object(changedFields).optional(),
});
export type AgentChatBody = z.infer<typeof agentChatBody>;

const runId = id('运行 id');
export const hitlRunBody = z.object({ run_id: runId });
export const hitlFinishBody = z.preprocess(
  (value) =>
    typeof value === 'string' ? { run_id: value } : value && typeof value === 'object' && 'id' in value && !('run_id' in value) ? { run_id: (value as { id: unknown }).id } : value,
  z.object({ run_id: runId }, { error: '缺少运行 id' }),
);
/** At an action: the tool input as JSON (object or JSON text). At an observation: the text the model gets. At a plan: the edited plan. */
export const hitlReplaceBody = z.object({
  run_id: runId,
  content: z.union([z.string().max(100_000, '内容过长'), z.record(z.string(), z.unknown()), z.array(z.unknown())], { error: '请输入替换内容' }),
});
export const hitlFeedbackBody = z.object({ run_id: runId, feedback: requiredText('反馈', 4000) });
export type HitlReplaceBody = z.infer<typeof hitlReplaceBody>;
export type HitlFeedbackBody = z.infer<typeof hitlFeedbackBody>;

/** A plan step as the `plan` event and the plan list show it. */
export interface PlanStep {
  index: number;
  title: string;
  detail: string;
  status?: PlanStepStatus;
}

/** `/agent/list_plan_runs`: plan chats with where they stand. */
export interface PlanRunInfo {
  run_id: string;
  conversation_id: string | null;
  agent_id: string;
  agent_name: string;
  title: string;
  status: 'running' | 'awaiting' | 'completed' | 'finished' | 'failed' | 'cancelled';
  awaiting: string | null;
  steps: PlanStep[];
  created_at: string;
  updated_at: string;
}
export const listPlanRunsBody = pageQuery.extend({ agent_id: id('智能体 id').optional() });

/** One step of a run, as `/user/list_conversation_messages` gives them in an assistant message's `meta.steps`. */
export interface RunStepInfo {
  id: string;
  type: 'retrieval' | 'model' | 'action' | 'observation' | 'decision' | 'plan' | 'prompt';
  input: unknown;
  output: unknown;
  status: string;
  started_at: string;
  ended_at: string | null;
}

/** Publishing: API keys per agent or multi-agent setup. `key` only in the answer to create. */
export interface AgentApiKeyInfo {
  id: string;
  /** The agent's or the setup's id (the key calls take either, as multi-agent chat does). */
  agent_id: string;
  name: string;
  masked: string;
  key?: string;
  created_at: string;
  last_used_at: string | null;
}
export const createApiKeyBody = z.object({ agent_id: id('智能体 id'), name: requiredText('密钥名称', 50) });
export const listApiKeysBody = z.object({ agent_id: id('智能体 id') });
export const revokeApiKeyBody = z.object({ id: id('密钥 id') });

/** `POST /v1/chat/completions` (OpenAI-compatible; `model` is the agent's or the setup's id, the key the bearer token). */
export const openAiChatBody = z
  .object({
    model: id('model（智能体 id）'),
    messages: z
      .array(
        z
          .object({
            role: z.enum(['system', 'user', 'assistant', 'tool'], { error: '消息角色不正确' }),
            content: z.union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough()), z.null()]),
          })
          .passthrough(),
        { error: 'messages 必须是数组' },
      )
      .min(1, 'messages 不能为空')
      .max(200, 'messages 最多 200 条'),
    stream: z.boolean({ error: 'stream 必须是 true 或 false' }).default(false),
  })
  .passthrough();
export type OpenAiChatBody = z.infer<typeof openAiChatBody>;
