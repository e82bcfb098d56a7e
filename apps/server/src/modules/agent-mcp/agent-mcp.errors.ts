import { AppError, notFound } from '../../core/index.js';

export const RUN_FAILED = '智能体运行失败，请稍后重试';

/** A key opens its own agent or setup only; any other id in the URL is as good as missing. */
export const notServedByKey = () => notFound('智能体');
export const sessionGone = () => new AppError('NOT_FOUND', 'MCP 会话不存在或已过期，请重新连接');
export const noSession = () => new AppError('BAD_INPUT', '缺少 MCP 会话：请先发送 initialize 请求，之后的请求带上 Mcp-Session-Id 请求头');
export const tooManySessions = () => new AppError('TOO_MANY_REQUESTS', 'MCP 会话过多，请稍后再试');

const onThePlatform = (runId: string) => `运行仍在等待，可在平台的对话页面中处理（运行 ID：${runId}）。`;

/** Results of a run that paused for a person where the person's answer could not come over MCP. */
export const noElicitation = (runId: string) => `此智能体需要人工确认后才能继续，但当前 MCP 客户端不支持征询（elicitation），无法在这里确认。${onThePlatform(runId)}`;
export const elicitationUnanswered = (runId: string) => `未能在客户端得到确认（超时或连接中断）。${onThePlatform(runId)}`;
export const elicitationCancelled = (runId: string) => `确认已取消，未做决定。${onThePlatform(runId)}`;
export const alreadyDecided = (runId: string) => `此运行已由他人处理（例如在平台的对话页面中），请在对话中查看结果（运行 ID：${runId}）。`;

/** The second text of an answer: what a client passes to go on in the same conversation. */
export const continueNote = (conversationId: string) => `conversation_id: ${conversationId}（继续此对话时传入）`;
