import { z } from 'zod';
import type { Viewer } from '../../core/index.js';
import { defineTool, type Tool } from '../../runtime/tools/index.js';
import { agentEngineParts, type AgentEngineParts, type AgentSpecDeps } from '../agent-chat/index.js';
import type { MaRunInput } from './ma-run-input.js';
import { askToolName, memberOf, transferToolName, type LegStart } from './ma-legs.js';

const NEVER_RUN = async () => ({ output: '' });
/** One schema each, whatever the setup: their JSON Schema is derived once (`defineTool`). */
const TRANSFER_INPUT = z.object({ reason: z.string().max(500).describe('为什么转交（一句话）') });
const TASK_INPUT = z.object({ task: z.string().max(4000).describe('交给它的子任务，写清楚要什么') });

/** A handoff tool per edge leaving `agentId`: calling one ends this agent's part (the engine never runs it). */
function transferTools(input: MaRunInput, agentId: string): Tool[] {
  return input.members.flatMap((member, index) => {
    if (!input.setup.edges.some((edge) => edge.from === agentId && edge.to === member.agent.id)) return [];
    const about = [member.agent.description, member.note].filter(Boolean).join('；');
    return [
      defineTool({
        name: transferToolName(index),
        title: `转交给「${member.agent.name}」`,
        description: `把对话转交给智能体「${member.agent.name}」，由它继续回答。${about ? `适合：${about}` : ''}`,
        input: TRANSFER_INPUT,
        execute: NEVER_RUN,
      }),
    ];
  });
}

/** Each member as a tool of the coordinator: the member's answer comes back as the tool's result. */
function askTools(input: MaRunInput): Tool[] {
  return input.members.map((member, index) =>
    defineTool({
      name: askToolName(index),
      title: `委派给「${member.agent.name}」`,
      description: `把一个子任务交给智能体「${member.agent.name}」完成并取回它的回答。${[member.agent.description, member.note].filter(Boolean).join('；')}`,
      input: TASK_INPUT,
      execute: NEVER_RUN,
    }),
  );
}

const COORDINATOR_PROMPT = '你是多智能体协作的协调者。把问题拆成子任务，调用成员工具交给合适的成员完成，成员的回答会作为工具结果返回；最后由你综合成员的结果，给用户完整的答复。';

/** The engine's view of one leg's agent: a member as the agent it is (its confirmations as the setup says), or the coordinator. */
export async function legParts(deps: AgentSpecDeps, viewer: Viewer, input: MaRunInput, leg: LegStart): Promise<AgentEngineParts> {
  if (leg.role === 'coordinator') {
    const supervisor = input.setup.supervisor!;
    const model = await deps.llm.resolveModel(viewer, supervisor.llm_name, 'chat');
    return {
      model,
      notice: '',
      viewer,
      systemPrompt: [supervisor.system_prompt, COORDINATOR_PROMPT].filter(Boolean).join('\n\n'),
      tools: askTools(input),
      policy: { actionConfirm: false, observationConfirm: false, maxSteps: input.setup.max_handoffs + 2, toolTimeoutMs: deps.toolTimeoutMs },
      parameters: {},
      chat: (request, signal) => deps.llm.streamChat(viewer, model, request, { feature: 'multi_agent', signal }),
    };
  }
  const member = memberOf(input, leg.agent_id)!;
  const agent = { ...member.agent, hitl: member.hitl ?? member.agent.hitl };
  const parts = await agentEngineParts(deps, viewer, agent, leg.query, 'multi_agent');
  const transfers = input.setup.mode === 'handoff' ? transferTools(input, agent.id) : [];
  const team = transfers.length ? `你是多智能体协作「${input.setup.name}」中的一员。问题更适合别的成员时，调用相应的转交工具把对话交给它。` : '';
  return {
    ...parts,
    systemPrompt: [parts.systemPrompt, team, leg.system_note].filter(Boolean).join('\n\n'),
    tools: parts.model.supportsTools ? [...parts.tools, ...transfers] : parts.tools,
  };
}
