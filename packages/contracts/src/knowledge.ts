import { z } from 'zod';
import { id, optionalText, pageQuery, requiredText } from './fields.js';
import { KB_CHUNK_DEFAULTS, KB_DOC_STATUSES, KB_SEARCH_DEFAULTS, KB_SEARCH_MODES, type KbDocStatus, type KbSearchMode } from './knowledge-values.js';
import { tagFilter, tagNameList } from './tag.js';

/** Knowledge bases. `kb_id` everywhere, as the API names it. */
export interface KnowledgeBase {
  id: string;
  name: string;
  description: string;
  /** `llm_name` of an embedding model; null: full-text retrieval only. */
  embedding_model: string | null;
  /** `llm_name` of a rerank model applied after fusion; null: none. */
  rerank_model: string | null;
  chunk_size: number;
  chunk_overlap: number;
  separators: string[];
  tags: string[];
  is_public: boolean;
  owner_id: string;
  owner_name: string;
  /** Whether the caller may change it (owner, or an admin). */
  editable: boolean;
  doc_count: number;
  segment_count: number;
  /** Chunking, the embedding model or a user dictionary (its own or the platform's) changed since documents were indexed: re-index to apply. */
  needs_reindex: boolean;
  /** Only from `/kb/query_knowledge_base`: segments whose vectors wait for the vector index (searched exactly meanwhile). */
  vector_pending?: number;
  /** Only from `/kb/query_knowledge_base`: segments an upgrade left out of the full-text index, which the server is indexing again in the background. */
  fulltext_pending?: number;
  created_at: string;
  updated_at: string;
}

export interface KbDocument {
  id: string;
  kb_id: string;
  /** The file in the file manager this document was made from. */
  file_id: string;
  name: string;
  size: number;
  status: KbDocStatus;
  /** 0–1 while parsing or indexing. */
  progress: number;
  /** What the ingestion is doing now, or (when failed) why it failed, in Chinese. */
  status_text: string | null;
  segment_count: number;
  created_at: string;
  updated_at: string;
}

export interface KbSegment {
  id: string;
  kb_id: string;
  doc_id: string;
  doc_name: string;
  /** Position within its document, from 0. */
  seq: number;
  text: string;
  headings: string[];
  updated_at: string;
}

export interface KbSearchHit {
  segment_id: string;
  doc_id: string;
  doc_name: string;
  kb_id: string;
  kb_name: string;
  seq: number;
  text: string;
  headings: string[];
  /** The final score, 0–1, higher is better (fused, or reranked when a rerank model is set). */
  score: number;
  fulltext_score: number | null;
  vector_score: number | null;
  rerank_score: number | null;
}

export interface KbSearchResult {
  /** The mode actually used: `hybrid` falls back to `fulltext` without embeddings or pgvector. */
  mode: KbSearchMode;
  /** Set when the mode used differs from the one asked for, saying why (Chinese). */
  notice: string | null;
  hits: KbSearchHit[];
}

const integer = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于 ${min}`)
    .max(max, `${label}不能大于 ${max}`);
const flag = (label: string) => z.boolean({ error: `${label}必须是 true 或 false` });
const kbId = id('知识库 id');
const modelName = (label: string) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(100, `${label}不能超过 100 个字符`)
    .nullable();

const kbFields = {
  name: requiredText('知识库名称', 100),
  description: optionalText('描述', 1000),
  embedding_model: modelName('向量模型').optional(),
  rerank_model: modelName('重排模型').optional(),
  chunk_size: integer('分段长度', 100, 4000),
  chunk_overlap: integer('分段重叠', 0, 1000),
  separators: z.array(z.string({ error: '分隔符必须是文本' }).min(1, '分隔符不能为空').max(20, '分隔符不能超过 20 个字符'), { error: '分隔符必须是数组' }).max(10, '最多 10 个分隔符'),
  tags: tagNameList,
  is_public: flag('是否公开'),
};
const overlapRule = { message: '分段重叠必须小于分段长度的一半', path: ['chunk_overlap'] };
const overlapFits = (body: { chunk_size?: number; chunk_overlap?: number }) => body.chunk_size === undefined || body.chunk_overlap === undefined || body.chunk_overlap * 2 < body.chunk_size;

export const createKbBody = z
  .object({
    ...kbFields,
    chunk_size: kbFields.chunk_size.default(KB_CHUNK_DEFAULTS.chunk_size),
    chunk_overlap: kbFields.chunk_overlap.default(KB_CHUNK_DEFAULTS.chunk_overlap),
    separators: kbFields.separators.default([]),
    tags: kbFields.tags.default([]),
    is_public: kbFields.is_public.default(false),
  })
  .refine(overlapFits, overlapRule);
export type CreateKbBody = z.infer<typeof createKbBody>;

export const updateKbBody = z
  .object({
    kb_id: kbId,
    name: kbFields.name.optional(),
    description: kbFields.description,
    embedding_model: kbFields.embedding_model,
    rerank_model: kbFields.rerank_model,
    chunk_size: kbFields.chunk_size.optional(),
    chunk_overlap: kbFields.chunk_overlap.optional(),
    separators: kbFields.separators.optional(),
    tags: kbFields.tags.optional(),
    is_public: kbFields.is_public.optional(),
  })
  .refine(overlapFits, overlapRule);
export type UpdateKbBody = z.infer<typeof updateKbBody>;

export const kbIdBody = z.object({ kb_id: kbId });
export type KbIdBody = z.infer<typeof kbIdBody>;

/** `list` (mine) and `list_public` (public ones, anyone's). */
export const listKbsBody = pageQuery.extend({ keyword: optionalText('关键词', 100), tag: tagFilter });
export type ListKbsBody = z.infer<typeof listKbsBody>;

export const addDocsBody = z.object({
  kb_id: kbId,
  file_ids: z.array(id('文件 id'), { error: 'file_ids 必须是数组' }).min(1, '请选择文件').max(200, '一次最多添加 200 个文件'),
});
export type AddDocsBody = z.infer<typeof addDocsBody>;

export const deleteDocsBody = z.object({
  kb_id: kbId,
  doc_ids: z.array(id('文档 id'), { error: 'doc_ids 必须是数组' }).min(1, '请选择文档').max(500, '一次最多删除 500 个文档'),
});
export type DeleteDocsBody = z.infer<typeof deleteDocsBody>;

export interface KbDocsResult {
  documents: KbDocument[];
  failed: Array<{ name: string; reason: string }>;
}

const searchFields = {
  query: requiredText('检索内容', 2000),
  top_k: integer('返回条数', 1, 50).default(KB_SEARCH_DEFAULTS.top_k),
  score_threshold: z.number({ error: '相关度阈值必须是数字' }).min(0, '相关度阈值不能小于 0').max(1, '相关度阈值不能大于 1').default(KB_SEARCH_DEFAULTS.score_threshold),
  mode: z.enum(KB_SEARCH_MODES, { error: '检索方式只能是 hybrid、fulltext 或 vector' }).default(KB_SEARCH_DEFAULTS.mode),
};

export const searchDocsBody = z.object({ kb_id: kbId, ...searchFields });
export type SearchDocsBody = z.infer<typeof searchDocsBody>;

/** Retrieval across several knowledge bases for one query: what agents and knowledge-base chat use. */
export const ragKbsBody = z.object({
  kb_ids: z.array(kbId, { error: 'kb_ids 必须是数组' }).min(1, '请选择知识库').max(20, '一次最多检索 20 个知识库'),
  ...searchFields,
});
export type RagKbsBody = z.infer<typeof ragKbsBody>;

export const listDocSegmentsBody = pageQuery.extend({
  kb_id: kbId,
  doc_id: id('文档 id').optional(),
  keyword: optionalText('关键词', 100),
});
export type ListDocSegmentsBody = z.infer<typeof listDocSegmentsBody>;

/** Edit one segment's text; it is re-segmented and re-embedded at once. */
export const updateSegmentBody = z.object({ segment_id: id('分段 id'), text: requiredText('分段内容', 10_000) });
export type UpdateSegmentBody = z.infer<typeof updateSegmentBody>;

/** With `stream: true` the answer is a text/event-stream of `progress` events, then `done`. */
export const recreateVectorStoreBody = kbIdBody.extend({ stream: flag('stream').default(false) });
export type RecreateVectorStoreBody = z.infer<typeof recreateVectorStoreBody>;

export interface ReindexProgress {
  total: number;
  done: number;
  failed: number;
  /** The document being indexed now, or null. */
  current: string | null;
}

/** GET `/kb/list_files_detail?kb_id=&page=&page_size=&status=&keyword=` */
export const listKbFilesQuery = pageQuery.extend({
  kb_id: kbId,
  status: z.enum(KB_DOC_STATUSES, { error: '文档状态不正确' }).optional(),
  keyword: optionalText('关键词', 100),
});
export type ListKbFilesQuery = z.infer<typeof listKbFilesQuery>;

/** GET `/kb/download_doc?doc_id=` */
export const downloadDocQuery = z.object({ doc_id: id('文档 id') });

/** `POST /api/kb/chat`: answers stream per docs/streaming.md; `retrieval` comes first, then cited deltas like [1]. */
export const kbChatBody = z.object({
  kb_ids: ragKbsBody.shape.kb_ids,
  llm_name: requiredText('模型名称', 100),
  query: requiredText('问题', 20_000),
  conversation_id: id('会话 id').optional(),
  /** Answer the conversation's last question again (`query` is that question: it is what is retrieved for). */
  regenerate: z.boolean({ error: 'regenerate 必须是 true 或 false' }).optional(),
  file_ids: z.array(id('文件 id'), { error: 'file_ids 必须是数组' }).max(10, '一次最多附带 10 个文件').optional(),
  top_k: searchFields.top_k,
  score_threshold: searchFields.score_threshold,
  mode: searchFields.mode,
});
export type KbChatBody = z.infer<typeof kbChatBody>;
