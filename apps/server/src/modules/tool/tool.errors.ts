import { AppError, badInput, forbidden, notFound } from '../../core/index.js';

/** Also for another user's private tool: it is invisible, not forbidden. */
export const toolNotFound = () => notFound('工具');
export const toolNotEditable = () => forbidden('只有创建者可以修改该工具');
export const toolNameTaken = (name: string) => new AppError('CONFLICT', `工具名称「${name}」已存在，请换一个名称`);
export const builtinNameTaken = (name: string) => badInput(`工具名称「${name}」与内置工具重名，请换一个名称`);
export const kindUnsupported = (kind: string) => badInput(`暂不支持创建「${kind}」类型的工具`);
export const badInputSchema = () => badInput('输入参数定义不是有效的 JSON Schema（顶层须为 type: object）');
export const maskedSecretGiven = () => badInput('请重新输入认证密钥（不能提交打码后的值）');
export const providerToolVisibility = () => badInput('该工具属于 API 工具集，请在工具集页面修改是否公开');
export const toolInUse = (users: string[]) => new AppError('CONFLICT', `工具正在被使用，无法删除：${users.join('、')}，请先从中移除`);
