import type { Tool } from '../../runtime/tools/index.js';
import type { ResolvedModel } from '../llm/index.js';

type ModelFace = Pick<ResolvedModel, 'supportsTools' | 'llmName' | 'displayName'>;

/** Said before the answer when the agent's tools are left out, so nobody wonders why none was called. */
export const toolsOffNotice = (model: ModelFace) => `（提示：模型「${model.displayName || model.llmName}」未开启“支持工具调用”，本次回答不使用智能体的工具。）\n\n`;

/**
 * The tools a model is given: none when its 支持工具调用 switch is off (such a model would refuse the
 * request or answer with garbled calls). The notice is empty when nothing was left out.
 */
export function toolsForModel(model: ModelFace, tools: Tool[]): { tools: Tool[]; notice: string } {
  if (model.supportsTools || tools.length === 0) return { tools, notice: '' };
  return { tools: [], notice: toolsOffNotice(model) };
}

/** Said before the answer when tools or services the agent names are gone or down, naming each. */
export const unavailableNotice = (messages: string[]) => (messages.length === 0 ? '' : `（提示：${messages.join('；')}，本次回答不使用它们。）\n\n`);
