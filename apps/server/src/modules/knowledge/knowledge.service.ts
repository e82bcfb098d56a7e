import type { CreateKbBody, KnowledgeBase, ListKbsBody, Page, UpdateKbBody } from '@agent-platform/contracts';
import { badInput, namedUsers, type ReferenceRegistry, type Viewer } from '../../core/index.js';
import { isUniqueViolation, type Db } from '../../platform/db/index.js';
import type { LlmService } from '../llm/index.js';
import type { TagService } from '../tag/index.js';
import { getEditableKb, getVisibleKb } from './knowledge-access.js';
import { kbInUse, kbNameTaken, kbNotFound } from './knowledge.errors.js';
import { toKnowledgeBase } from './knowledge.mapper.js';
import * as repo from './knowledge.repo.js';
import { countUnindexedSegments } from './retrieval/term-index.js';

export interface KnowledgeServiceDeps {
  db: Db;
  llm: LlmService;
  tags: TagService;
  /** Asked before a knowledge base is deleted (agents that search it). */
  references: ReferenceRegistry<Db>;
  /** Stops the ingestion jobs of documents that are going away. */
  cancelIngestion(jobIds: string[]): Promise<void>;
  unfinishedJobIdsOfKb(kbId: string): Promise<string[]>;
  /** Segments whose vectors wait for the HNSW index. */
  vectorsPending(kbId: string): Promise<number>;
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((value, index) => value === b[index]);
const modelOrNull = (name: string | null | undefined) => (name === undefined ? undefined : name?.trim() || null);

/** Knowledge bases themselves: create, change, publish, list, delete. Documents are in kb-documents.service.ts. */
export function createKnowledgeService({ db, llm, tags, references, cancelIngestion, unfinishedJobIdsOfKb, vectorsPending }: KnowledgeServiceDeps) {
  async function show(viewer: Viewer, kbId: string): Promise<KnowledgeBase> {
    const row = await repo.findKbListRow(db, kbId);
    if (!row) throw kbNotFound();
    return toKnowledgeBase(row, viewer);
  }

  /** The models must exist for the viewer and fit their use. */
  async function checkModels(viewer: Viewer, embedding: string | null | undefined, rerank: string | null | undefined): Promise<void> {
    if (embedding) await llm.resolveModel(viewer, embedding, 'embedding');
    if (rerank) await llm.resolveModel(viewer, rerank, 'rerank');
  }

  async function list(viewer: Viewer, filter: Omit<repo.KbFilter, 'tags'>, { page, page_size, tag }: ListKbsBody): Promise<Page<KnowledgeBase>> {
    const tagNames = await tags.namesForFilter('kb', tag);
    const { total, rows } = await repo.listKbs(db, { ...filter, tags: tagNames }, (page - 1) * page_size, page_size);
    return { total, list: rows.map((row) => toKnowledgeBase(row, viewer)) };
  }

  async function saved<T>(write: Promise<T | undefined>, name: string): Promise<T> {
    try {
      const row = await write;
      if (!row) throw kbNameTaken(name);
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw kbNameTaken(name);
      throw error;
    }
  }

  return {
    async createKb(viewer: Viewer, body: CreateKbBody): Promise<KnowledgeBase> {
      const embeddingModel = modelOrNull(body.embedding_model) ?? null;
      const rerankModel = modelOrNull(body.rerank_model) ?? null;
      await checkModels(viewer, embeddingModel, rerankModel);
      const tagNames = await tags.checkedNames('kb', body.tags);
      const row = await saved(
        repo.insertKb(db, {
          ownerId: viewer.id,
          name: body.name,
          description: body.description ?? '',
          embeddingModel,
          rerankModel,
          chunkSize: body.chunk_size,
          chunkOverlap: body.chunk_overlap,
          separators: body.separators,
          tags: tagNames,
          isPublic: body.is_public,
        }),
        body.name,
      );
      return show(viewer, row.id);
    },

    async updateKb(viewer: Viewer, { kb_id, ...body }: UpdateKbBody): Promise<KnowledgeBase> {
      const current = await getEditableKb(db, viewer, kb_id);
      const embeddingModel = modelOrNull(body.embedding_model);
      const rerankModel = modelOrNull(body.rerank_model);
      await checkModels(viewer, embeddingModel !== current.embeddingModel ? embeddingModel : undefined, rerankModel !== current.rerankModel ? rerankModel : undefined);
      const chunkSize = body.chunk_size ?? current.chunkSize;
      const chunkOverlap = body.chunk_overlap ?? current.chunkOverlap;
      if (chunkOverlap * 2 >= chunkSize) throw badInput('分段重叠必须小于分段长度的一半');
      const tagNames = await tags.checkedNames('kb', body.tags, current.tags);
      const indexingChanged =
        chunkSize !== current.chunkSize ||
        chunkOverlap !== current.chunkOverlap ||
        (body.separators !== undefined && !sameList(body.separators, current.separators)) ||
        (embeddingModel !== undefined && embeddingModel !== current.embeddingModel);
      const existing = await repo.findKbListRow(db, kb_id);
      const row = await saved(
        repo.updateKb(db, kb_id, {
          name: body.name,
          description: body.description,
          embeddingModel,
          rerankModel,
          chunkSize: body.chunk_size,
          chunkOverlap: body.chunk_overlap,
          separators: body.separators,
          tags: tagNames,
          isPublic: body.is_public,
          needsReindex: indexingChanged && (existing?.docCount ?? 0) > 0 ? true : undefined,
        }),
        body.name ?? current.name,
      );
      return show(viewer, row.id);
    },

    async getKb(viewer: Viewer, kbId: string): Promise<KnowledgeBase[]> {
      const kb = await getVisibleKb(db, viewer, kbId);
      return [{ ...(await show(viewer, kb.id)), vector_pending: await vectorsPending(kb.id), fulltext_pending: await countUnindexedSegments(db, kb.id) }];
    },

    async setPublic(viewer: Viewer, kbId: string, isPublic: boolean): Promise<KnowledgeBase> {
      await getEditableKb(db, viewer, kbId);
      await repo.updateKb(db, kbId, { isPublic });
      return show(viewer, kbId);
    },

    /** Its documents and segments go with it; the files stay in the file manager. */
    async deleteKb(viewer: Viewer, kbId: string): Promise<void> {
      await getEditableKb(db, viewer, kbId);
      const users = namedUsers(await references.usersOf('knowledge_base', [kbId]));
      if (users.length > 0) throw kbInUse(users);
      const jobIds = await unfinishedJobIdsOfKb(kbId);
      if (!(await repo.deleteKb(db, kbId))) throw kbNotFound();
      await cancelIngestion(jobIds);
    },

    listMine: (viewer: Viewer, body: ListKbsBody) => list(viewer, { ownerId: viewer.id, keyword: body.keyword }, body),
    listPublic: (viewer: Viewer, body: ListKbsBody) => list(viewer, { publicOnly: true, keyword: body.keyword }, body),

    async listVisible(viewer: Viewer): Promise<KnowledgeBase[]> {
      return (await repo.listVisibleKbs(db, viewer)).map((row) => toKnowledgeBase(row, viewer));
    },
  };
}
