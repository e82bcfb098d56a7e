import { AppError, forbidden, notFound } from '../../core/index.js';

export const WHAT = '智能体';

/** Also for another user's private agent: it is invisible, not forbidden. */
export const agentNotFound = () => notFound(WHAT);
export const agentNotEditable = () => forbidden('只有智能体的创建者或管理员可以修改或删除它');
export const noRoleText = (llmName: string) => new AppError('MODEL_CALL_FAILED', `模型「${llmName}」没有给出内容，请重试或换一个模型`);
