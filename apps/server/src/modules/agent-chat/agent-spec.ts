import type { AgentInfo } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { AppError, type Logger, type Viewer } from '../../core/index.js';
import { planProgress, readStep, type EngineSpec, type SegmentEnd, type Step } from '../../runtime/agent-engine/index.js';
import { titleAsker } from '../chat/index.js';
import { listSteps, stepInfo, stepRow, type RunContext, type RunService } from '../../runtime/runs/index.js';
import type { Tool } from '../../runtime/tools/index.js';
import type { ConversationService, MessageMeta } from '../conversation/index.js';
import type { KnowledgeRetriever } from '../knowledge/index.js';
import type { LlmService, ResolvedModel } from '../llm/index.js';
import type { McpCatalog } from '../mcp/index.js';
import type { ToolCatalog } from '../tool/index.js';
import { knowledgeSearchTool, retrieveForAgent } from './agent-knowledge.js';
import { attachedResources } from './agent-resources.js';
import { runInputOf, type AgentRunInput } from './agent-run-input.js';
import { toolsForModel, unavailableNotice } from './model-tools.js';

export interface AgentSpecDeps {
  db: Db;
  log: Logger;
  llm: LlmService;
  conversations: ConversationService;
  retriever: KnowledgeRetriever;
  tools: ToolCatalog;
  mcp: McpCatalog;
  /** Per tool call, besides each tool's own limit. */
  toolTimeoutMs: number;
  runs: Pick<RunService, 'writeStep' | 'hurryWrites'>;
}

/** Steps the conversation shows with the answer (model calls and prompts are the engine's own). */
const SHOWN_STEPS = new Set(['retrieval', 'action', 'observation', 'decision', 'plan', 'notice']);

/** Tokens of every model call of the run so far. */
function usageOf(steps: Step[]) {
  const usage = { prompt_tokens: 0, completion_tokens: 0 };
  for (const step of steps) {
    if (step.type !== 'model') continue;
    usage.prompt_tokens += step.output.usage.prompt_tokens;
    usage.completion_tokens += step.output.usage.completion_tokens;
  }
  return usage;
}

function messageMeta(input: AgentRunInput, end: SegmentEnd): MessageMeta {
  const steps = end.steps.map(readStep);
  const retrieval = steps.find((step) => step.type === 'retrieval')?.output.event;
  const plan = input.mode === 'plan' ? planProgress(end.steps, end.status === 'completed') : [];
  return {
    usage: usageOf(steps),
    ...(plan.length ? { plan } : {}),
    agent_id: input.agent.id,
    agent_name: input.agent.name,
    mode: input.mode,
    status: end.status,
    steps: steps.filter((step) => SHOWN_STEPS.has(step.type)).map(stepInfo),
    ...(retrieval ? { retrieval, citations: retrieval.segments ?? [] } : {}),
    ...(end.reasoning ? { reasoning: end.reasoning } : {}),
    ...(end.awaiting ? { awaiting: end.awaiting } : {}),
    ...(end.error ? { error: end.error } : {}),
  };
}

/**
 * The agent's tools: built-ins and custom tools by id, MCP functions by service, and the knowledge
 * search. A tool or service that is gone (deleted, no longer public, down) leaves the agent without it,
 * not without an answer: `unavailable` names each.
 */
async function agentTools(deps: AgentSpecDeps, viewer: Viewer, agent: AgentInfo): Promise<{ tools: Tool[]; unavailable: string[] }> {
  const { tools, unavailable } = await deps.tools.resolveAgentTools(viewer, agent.tool_ids);
  for (const service of agent.services) {
    try {
      tools.push(...(await deps.mcp.toolsOf(viewer, service.service_id, service.functions, { forAgent: true })));
    } catch (error) {
      // A service that is down leaves the agent without its functions, not without an answer.
      if (!(error instanceof AppError)) throw error;
      deps.log.warn({ err: error, serviceId: service.service_id }, 'agent MCP service unavailable');
      unavailable.push(error.message);
    }
  }
  if (agent.kb_ids.length > 0) tools.push(knowledgeSearchTool(deps.retriever, agent));
  return { tools, unavailable };
}

/** What the engine needs of one agent whatever the chat: its model, prompt, tools, policy and knowledge. */
export type AgentEngineParts = Pick<EngineSpec, 'viewer' | 'systemPrompt' | 'tools' | 'policy' | 'parameters' | 'chat' | 'retrieve'> & {
  model: ResolvedModel;
  /** Said before the answer when the model takes no tools (empty otherwise). */
  notice: string;
};

/** One agent as the engine runs it for `viewer` (agent chat, and each member of a multi-agent chat). */
export async function agentEngineParts(deps: AgentSpecDeps, viewer: Viewer, agent: AgentInfo, query: string, feature: string): Promise<AgentEngineParts> {
  const model = await deps.llm.resolveModel(viewer, agent.llm_name, 'chat');
  const found = await agentTools(deps, viewer, agent);
  const attached = await attachedResources(deps.mcp, viewer, agent);
  const { tools, notice } = toolsForModel(model, found.tools);
  const notes = [...found.unavailable.map((message) => `（注意：${message}，相关工具本次不可用。）`), ...attached.unavailable.map((message) => `（注意：${message}。）`)];
  return {
    model,
    notice: notice + unavailableNotice(found.unavailable),
    viewer,
    systemPrompt: [agent.system_prompt, attached.context, ...notes].filter(Boolean).join('\n\n'),
    tools,
    policy: { actionConfirm: agent.hitl.action_confirm, observationConfirm: agent.hitl.observation_confirm, maxSteps: agent.max_steps, toolTimeoutMs: deps.toolTimeoutMs },
    parameters: {
      ...(agent.temperature === null ? {} : { temperature: agent.temperature }),
      ...(agent.top_p === null ? {} : { topP: agent.top_p }),
      ...(agent.max_tokens === null ? {} : { maxTokens: agent.max_tokens }),
    },
    chat: (request, signal) => deps.llm.streamChat(viewer, model, request, { feature, agentId: agent.id, signal }),
    retrieve: (signal) => retrieveForAgent(deps.retriever, viewer, agent, query, signal),
  };
}

/** The engine's view of one agent run, rebuilt from the run's stored input (fresh: a run that has no steps yet). */
export async function buildAgentSpec(deps: AgentSpecDeps, viewer: Viewer, context: RunContext, fresh: boolean): Promise<EngineSpec> {
  const { db, llm, conversations } = deps;
  const input = runInputOf(context.run.input);
  const parts = await agentEngineParts(deps, viewer, input.agent, input.query, input.mode === 'plan' ? 'agent_plan' : 'agent');
  const { model, notice } = parts;
  // Told once, before the answer of a fresh run; every save of its message keeps it in front.
  if (notice && fresh) context.emit('delta', { text: notice });
  return {
    ...parts,
    mode: input.mode,
    messages: input.history,
    query: input.query,
    steps: {
      list: () => (fresh ? Promise.resolve([]) : listSteps(db, context.run.id)),
      insert: (row) => deps.runs.writeStep(row),
      hurry: () => deps.runs.hurryWrites(),
      build: (position, step) => stepRow(context.run.id, position, step),
    },
    async saveMessage(end) {
      await conversations.saveRunAnswer({ conversationId: input.conversation_id, runId: context.run.id, content: notice + end.answer, meta: messageMeta(input, end) });
      if (end.status === 'completed' && input.opens_conversation) {
        conversations.titleFirstExchange({ conversationId: input.conversation_id, question: input.query, answer: end.answer, ask: titleAsker(llm, viewer, model) });
      }
    },
  };
}
