import { AppError, forbidden, notFound } from '../../core/index.js';

export const connectionNotFound = () => notFound('数据源');
export const tableNoteNotFound = () => notFound('表说明');
export const connectionNotEditable = () => forbidden('只有数据源的创建者或管理员可以修改或删除它');
export const connectionNameTaken = (name: string) => new AppError('CONFLICT', `已有名为「${name}」的数据源，请换一个名称`);
export const connectionInUse = () => new AppError('CONFLICT', '该数据源下还有数据资产，请先删除这些数据资产');
export const tableNoteTaken = (table: string) => new AppError('CONFLICT', `表 ${table} 已有说明，请直接修改`);
export const tableNotInDatasource = (table: string) => new AppError('BAD_INPUT', `数据源中没有表 ${table}`);
export const unknownAccessUsers = () => new AppError('BAD_INPUT', '访问名单中有不存在的用户');
/** The datasource could not be reached, refused the sign-in, or failed: the message (Chinese, no values) says which. */
export const datasourceFailed = (message: string) => new AppError('DATABASE_CALL_FAILED', message);
