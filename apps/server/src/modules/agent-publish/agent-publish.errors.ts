import { AppError, forbidden, notFound } from '../../core/index.js';

/** Also for a key of an agent the caller may not manage: keys are private to the agent's owner. */
export const apiKeyNotFound = () => notFound('API 密钥');
export const keysNotManageable = () => forbidden('只有智能体的创建者或管理员可以管理它的 API 密钥');
export const tooManyKeys = (max: number) => new AppError('CONFLICT', `每个智能体最多 ${max} 个有效的 API 密钥，请先撤销不再使用的密钥`);

export const missingBearer = () => new AppError('UNAUTHENTICATED', '缺少 API 密钥，请在请求头中以 Authorization: Bearer ak-… 的形式提供');
export const badBearer = () => new AppError('UNAUTHENTICATED', 'API 密钥无效或已被撤销');
export const tooManyFailures = (minutes: number) => new AppError('TOO_MANY_REQUESTS', `API 密钥验证失败次数过多，请 ${minutes} 分钟后再试`);
export const wrongModel = (model: string) => new AppError('NOT_FOUND', `模型「${model}」不存在：model 须为此 API 密钥所属智能体的 id`);
/** A setup's keys answer only while it is published. */
export const setupWithheld = (name: string) => forbidden(`多智能体「${name}」未发布或已取消发布，不能通过 API 密钥使用；请创建者重新发布`);
export const noUserMessage = () => new AppError('BAD_INPUT', '参数 messages 不合法：缺少用户（user）消息，或用户消息为空');

/** What a client reads when the run stopped to wait for a person. */
export const awaitingNotice = (runId: string) => `此智能体需要人工确认后才能继续，请在平台的对话页面中处理（运行 ID：${runId}）。`;
