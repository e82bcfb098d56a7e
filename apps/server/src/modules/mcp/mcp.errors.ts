import { AppError, badInput, notFound } from '../../core/index.js';

export const WHAT = '服务';

export const serviceNotFound = () => notFound(WHAT);

export const maskedValueGiven = (label: string, name: string) => badInput(`${label}「${name}」的值是脱敏后的内容，请输入完整的值，或保持原样以保留原值`);

export const stdioDisabled = () => badInput('本地命令（stdio）方式的 MCP 服务未启用：需要管理员在服务器配置 MCP_STDIO_COMMANDS 中列出允许的命令');

export const stdioCommandNotAllowed = (command: string, allowed: readonly string[]) => badInput(`命令「${command}」不在允许的列表中，可用的命令：${allowed.join('、')}`);

export const stdioAdminOnly = () => new AppError('FORBIDDEN', '本地命令（stdio）方式的 MCP 服务会在服务器上运行程序，只有管理员可以创建或修改');

export const secretsUnreadable = (name: string) => new AppError('INTERNAL', `无法解密服务「${name}」的请求头或环境变量：服务器的 SECRET_KEY 与保存时不同，请重新填写`);

/** A service that cannot be reached, failed or timed out; the message is already Chinese and names the service. */
export const serviceCallFailed = (message: string) => new AppError('SERVICE_CALL_FAILED', message);

/** A service marked down by a failure moments ago: refused at once, with that failure's message. */
export const serviceDown = (message: string, leftMs: number) => new AppError('SERVICE_CALL_FAILED', `${message}（${Math.ceil(leftMs / 1000)} 秒内不再重试，可在服务页面重新测试连接）`);

/** An agent's service that was deleted or is no longer public, named. */
export const serviceGone = (message: string) => new AppError('NOT_FOUND', message);

export const serviceInUse = (users: string[]) => new AppError('CONFLICT', `服务正在被使用，无法删除：${users.join('、')}，请先从中移除`);

export const callTimeoutTooLong = (maxMs: number) => badInput(`调用超时不能超过服务器的上限 ${maxMs} 毫秒`);
