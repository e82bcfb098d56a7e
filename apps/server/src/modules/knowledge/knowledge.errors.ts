import { AppError, forbidden, notFound } from '../../core/index.js';

/** Also for another user's private knowledge base: it is invisible, not forbidden. */
export const kbNotFound = () => notFound('知识库');
export const kbNotEditable = () => forbidden('只有创建者可以修改该知识库');
export const kbNameTaken = (name: string) => new AppError('CONFLICT', `知识库「${name}」已存在，请换一个名称`);
export const kbInUse = (users: string[]) => new AppError('CONFLICT', `知识库正在被使用，无法删除：${users.join('、')}`);
export const docNotFound = () => notFound('文档');
export const segmentNotFound = () => notFound('分段');

/** Messages of ingestion failures and notes, shown as a document's status text. */
export const INGEST_TEXT = {
  parsing: '正在解析文档',
  chunking: '正在分段',
  embedding: '正在生成向量',
  indexing: '正在写入索引',
  queued: '等待处理',
  fileGone: '文件已被删除，无法解析',
  empty: '文档中没有可以索引的文字',
  noPgvector: '未启用向量检索：数据库缺少 pgvector',
} as const;
