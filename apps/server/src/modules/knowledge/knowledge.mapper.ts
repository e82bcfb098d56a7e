import type { KbDocument, KbSegment, KnowledgeBase } from '@agent-platform/contracts';
import { canEdit, type Viewer } from '../../core/index.js';
import type { KbDocumentRow, KbListRow, KbSegmentRow } from './knowledge.repo.js';

export function toKnowledgeBase(row: KbListRow, viewer: Viewer): KnowledgeBase {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    embedding_model: row.embeddingModel,
    rerank_model: row.rerankModel,
    chunk_size: row.chunkSize,
    chunk_overlap: row.chunkOverlap,
    separators: row.separators,
    tags: row.tags,
    is_public: row.isPublic,
    owner_id: row.ownerId,
    owner_name: row.ownerName,
    editable: canEdit(viewer, row),
    doc_count: row.docCount,
    segment_count: row.segmentCount,
    needs_reindex: row.needsReindex,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toKbDocument(row: KbDocumentRow): KbDocument {
  return {
    id: row.id,
    kb_id: row.kbId,
    file_id: row.fileId,
    name: row.name,
    size: row.size,
    status: row.status,
    progress: row.progress,
    status_text: row.statusText,
    segment_count: row.segmentCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toKbSegment(row: KbSegmentRow & { docName: string }): KbSegment {
  return {
    id: row.id,
    kb_id: row.kbId,
    doc_id: row.docId,
    doc_name: row.docName,
    seq: row.seq,
    text: row.text,
    headings: row.headings,
    updated_at: row.updatedAt.toISOString(),
  };
}
