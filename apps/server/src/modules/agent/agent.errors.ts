import { AppError, forbidden, notFound } from '../../core/index.js';

export const WHAT = '智能体';

/** Also for another user's private agent: it is invisible, not forbidden. */
export const agentNotFound = () => notFound(WHAT);
export const agentNotEditable = () => forbidden('只有智能体的创建者或管理员可以修改或删除它');
export const noRoleText = (llmName: string) => new AppError('MODEL_CALL_FAILED', `模型「${llmName}」没有给出内容，请重试或换一个模型`);

/** Withholding an agent that other users' multi-agent setups use: their chats answer a refusal until it is published again or replaced. */
export function usedByOthersWarning(published: string[], unlisted: number): string {
  const named = published.length ? `多智能体${published.map((name) => `「${name}」`).join('、')}` : '';
  const counted = unlisted ? ` ${unlisted} 个未公开的多智能体` : '';
  return `已取消发布。注意：其他用户的${[named, counted].filter(Boolean).join('以及')}正在使用该智能体，它们的对话将无法继续，直到其创建者更换该成员或你重新发布。`;
}
