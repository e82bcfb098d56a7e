import { AppError, forbidden, notFound } from '../../core/index.js';

export const fileNotFound = () => notFound('文件');
export const folderNotFound = (path: string) => new AppError('NOT_FOUND', `文件夹「${path}」不存在`);
export const nameTaken = () => new AppError('CONFLICT', '目标位置已存在同名文件');
export const notAFolder = (name: string) => new AppError('CONFLICT', `「${name}」是文件，不是文件夹`);
export const publicEntryLocked = () => forbidden('只有上传者或管理员可以修改公共文件');
export const othersFilesInside = () => forbidden('文件夹中有其他用户的文件，只有管理员可以这样操作');
export const fileInUse = (users: string[]) => new AppError('CONFLICT', `文件正在被使用，无法删除：${users.join('、')}`);
export const contentMissing = () => new AppError('NOT_FOUND', '文件内容已丢失，请重新上传');
export const linkInvalid = () => new AppError('NOT_FOUND', '链接无效或已过期');
export const fileTooLarge = (maxBytes: number) => new AppError('TOO_LARGE', `文件超过大小上限（${formatMb(maxBytes)}）`);

function formatMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
