/** Zod-free values of knowledge bases, shared by server and web. */

export const KB_SEARCH_MODES = ['hybrid', 'fulltext', 'vector'] as const;
export type KbSearchMode = (typeof KB_SEARCH_MODES)[number];

/** A document's way through ingestion; `failed` carries a Chinese reason. */
export const KB_DOC_STATUSES = ['queued', 'parsing', 'indexing', 'done', 'failed'] as const;
export type KbDocStatus = (typeof KB_DOC_STATUSES)[number];

export const KB_CHUNK_DEFAULTS = { chunk_size: 500, chunk_overlap: 50 } as const;
export const KB_SEARCH_DEFAULTS = { top_k: 5, score_threshold: 0, mode: 'hybrid' } as const;

export const KB_DOC_STATUS_LABELS: Record<KbDocStatus, string> = {
  queued: '排队中',
  parsing: '解析中',
  indexing: '索引中',
  done: '已完成',
  failed: '失败',
};
