import { LLM_TYPE_LABELS, type LlmType } from '@agent-platform/contracts';
import { AppError, badInput, notFound } from '../../core/index.js';

export const modelNotFound = () => notFound('模型');

export const modelNameTaken = (llmName: string) => new AppError('CONFLICT', `模型名称 ${llmName} 已存在，请换一个名称`);

/** Disabled models are refused with 40301: the model exists and is visible, but may not be called now. */
export const modelDisabled = (llmName: string) => new AppError('MODEL_DISABLED', `模型「${llmName}」已停用，请联系模型的创建者或管理员启用后再试`);

export const wrongModelType = (llmName: string, type: LlmType, use: string) => badInput(`模型「${llmName}」是${LLM_TYPE_LABELS[type]}模型，不能用于${use}`);

export const maskedKeyGiven = () => badInput('参数 api_key 不合法：这是脱敏后的密钥，请输入完整的 API 密钥，或不填以保留原密钥');

export const keyUnreadable = (llmName: string) => new AppError('INTERNAL', `无法解密模型「${llmName}」的 API 密钥：服务器的 SECRET_KEY 与保存密钥时不同，请管理员重新填写该模型的密钥`);

export const noChatModel = () => badInput('没有可用的对话模型，请先在模型管理中添加并启用一个对话模型');

export function modelInUse(llmName: string, action: string, users: Array<{ label: string; names: string[] }>): AppError {
  const list = users.map(({ label, names }) => `${label}${names.map((name) => `「${name}」`).join('、')}`).join('；');
  return new AppError('CONFLICT', `模型「${llmName}」正在被使用，不能${action}：${list}`);
}
