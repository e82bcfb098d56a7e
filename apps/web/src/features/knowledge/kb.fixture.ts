import type { KnowledgeBase } from '@agent-platform/contracts';

/** A knowledge base as the server answers it, for component tests: `change` sets what a test is about. */
export const knowledgeBaseFixture = (change: Partial<KnowledgeBase> = {}): KnowledgeBase => ({
  id: 'k1',
  name: '产品手册',
  description: '',
  embedding_model: null,
  rerank_model: null,
  chunk_size: 500,
  chunk_overlap: 50,
  separators: [],
  tags: [],
  is_public: false,
  owner_id: 'u1',
  owner_name: '张三',
  editable: true,
  doc_count: 2,
  segment_count: 4,
  needs_reindex: false,
  created_at: '2026-11-27T00:00:00Z',
  updated_at: '2026-11-27T00:00:00Z',
  ...change,
});
