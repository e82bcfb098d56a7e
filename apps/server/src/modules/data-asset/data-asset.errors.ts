import { AppError, badInput, forbidden, notFound } from '../../core/index.js';

export const assetNotFound = () => notFound('数据资产');
export const assetNotEditable = () => forbidden('只有数据资产的创建者或管理员可以修改或删除它');
export const assetNameTaken = (name: string) => new AppError('CONFLICT', `已有名为「${name}」的数据资产，请换一个名称`);
export const tableNotInDatasource = (table: string) => badInput(`数据源中没有表 ${table}`);
export const columnNotInTable = (table: string, column: string) => badInput(`表 ${table} 中没有列 ${column}`);
export const tableNotInAsset = (table: string) => badInput(`数据资产中没有表 ${table}`);
export const unknownAccessUsers = () => badInput('访问名单中有不存在的用户');
