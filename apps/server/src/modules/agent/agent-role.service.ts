import type { RolePromptBody } from '@agent-platform/contracts';
import type { Viewer } from '../../core/index.js';
import type { ChatMessage } from '../../platform/llm/index.js';
import type { LlmService, ResolvedModel } from '../llm/index.js';
import type { AgentReferenceLookups, NamedThing } from './agent-references.js';
import { noRoleText } from './agent.errors.js';
import { maySeePrompt } from './agent.mapper.js';
import type { AgentListRow } from './agent.repo.js';

/** The scripted model server's tests recognise these phrases; keep them in step. */
export const ROLE_DESC_MARKER = '请为这个智能体写一段介绍';
export const ROLE_PROMPT_MARKER = '请为这个智能体撰写系统提示词';

const FEATURE = 'agent_role';

const DESC_SYSTEM = '你是智能体平台的文案助手。根据智能体的配置，用一段通顺的中文（不超过 150 个字）介绍它能做什么、适合谁用。只输出这一段话，不要标题、列表或引号。';
const PROMPT_SYSTEM = [
  '你是提示词工程师。根据用户对智能体的描述，撰写一份可直接使用的中文系统提示词。',
  '包含：角色定位、能力与任务、回答风格、限制与注意事项。使用第二人称（“你是……”）。只输出提示词本身，不要解释。',
].join('\n');

const listed = (label: string, things: NamedThing[]) =>
  things.length > 0
    ? `${label}：${things.map((thing) => (thing.description ? `${thing.title ?? thing.name}（${thing.description.slice(0, 80)}）` : (thing.title ?? thing.name))).join('；')}`
    : '';

/** What the lookups still find: a tool or knowledge base deleted since is left out of the description. */
async function found<T>(work: Promise<T>): Promise<T | undefined> {
  return work.catch(() => undefined);
}

export type AgentRoleService = ReturnType<typeof createAgentRoleService>;

/** The builder's "AI 帮写" buttons: a description from the configuration, a system prompt from a description. Nothing is saved. */
export function createAgentRoleService({ llm, lookups }: { llm: LlmService; lookups: AgentReferenceLookups }) {
  async function write(viewer: Viewer, model: ResolvedModel, messages: ChatMessage[], maxTokens: number): Promise<string> {
    const result = await llm.chat(viewer, model, { messages, temperature: 0.7, maxTokens }, { feature: FEATURE });
    const text = result.text.trim();
    if (!text) throw noRoleText(model.llmName);
    return text;
  }

  return {
    async describe(viewer: Viewer, agent: AgentListRow): Promise<{ description: string }> {
      const model = await llm.resolveModel(viewer, agent.llmName, 'chat');
      const tools = (await found(lookups.resolveTools(viewer, agent.toolIds))) ?? [];
      const kbs = (await Promise.all(agent.kbIds.map((id) => found(lookups.getKb(viewer, id))))).filter((kb) => kb !== undefined);
      const services = (await Promise.all(agent.services.map((ref) => found(lookups.getService(viewer, ref.service_id))))).filter((one) => one !== undefined);
      const config = [
        `名称：${agent.name}`,
        agent.description ? `现有介绍：${agent.description}` : '',
        agent.systemPrompt && maySeePrompt(agent, viewer) ? `系统提示词：${agent.systemPrompt.slice(0, 4000)}` : '',
        agent.openingMessage ? `开场白：${agent.openingMessage}` : '',
        listed('工具', tools),
        listed('知识库', kbs),
        listed('MCP 服务', services),
      ].filter(Boolean);
      const description = await write(
        viewer,
        model,
        [
          { role: 'system', content: DESC_SYSTEM },
          { role: 'user', content: `${config.join('\n')}\n\n${ROLE_DESC_MARKER}。` },
        ],
        500,
      );
      return { description };
    },

    async draftPrompt(viewer: Viewer, { description, llm_name }: RolePromptBody): Promise<{ prompt: string }> {
      const model = llm_name ? await llm.resolveModel(viewer, llm_name, 'chat') : await llm.defaultChatModel(viewer);
      const prompt = await write(
        viewer,
        model,
        [
          { role: 'system', content: PROMPT_SYSTEM },
          { role: 'user', content: `智能体描述：${description}\n\n${ROLE_PROMPT_MARKER}。` },
        ],
        2000,
      );
      return { prompt };
    },
  };
}
