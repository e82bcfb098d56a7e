import { AppError, badInput, forbidden, notFound } from '../../core/index.js';

export const assetNotFound = () => notFound('数据资产');
export const assetNotEditable = () => forbidden('只有数据资产的创建者或管理员可以修改或删除它');
export const assetNameTaken = (name: string) => new AppError('CONFLICT', `已有名为「${name}」的数据资产，请换一个名称`);
export const tableNotInDatasource = (table: string) => badInput(`数据源中没有表 ${table}`);
export const columnNotInTable = (table: string, column: string) => badInput(`表 ${table} 中没有列 ${column}`);
export const tableNotInAsset = (table: string) => badInput(`数据资产中没有表 ${table}`);
export const assetInUse = (users: string[]) => new AppError('CONFLICT', `数据资产正在被使用，无法删除：${users.join('、')}。请先删除这些工具，或把它们改为使用其他数据资产`);
/** An `llm/db` tool whose asset was deleted or is no longer open to the caller: the agent's turn goes on with this as the tool's failure. */
export const toolAssetGone = (tool: string, asset: string) =>
  `工具「${tool}」使用的数据资产「${asset}」已被删除，或不再对你开放，暂时无法查询数据：请联系工具的创建者更换数据资产，或请数据资产的创建者重新开放`;
