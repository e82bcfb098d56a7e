import { randomUUID } from 'node:crypto';
import {
  kbIdBody,
  type AddDocsBody,
  type DeleteDocsBody,
  type FileEntry,
  type KbDocsResult,
  type KbDocument,
  type KbSegment,
  type ListDocSegmentsBody,
  type ListKbFilesQuery,
  type Page,
  type UpdateSegmentBody,
} from '@agent-platform/contracts';
import { isSafeEntryName } from '@agent-platform/contracts';
import { indexedText } from '../../platform/documents/index.js';
import type { Db } from '../../platform/db/index.js';
import { AppError, badInput, parseInput, type UploadParts, type Viewer } from '../../core/index.js';
import type { JobQueue } from '../../runtime/jobs/index.js';
import type { FileService } from '../files/index.js';
import type { LlmService } from '../llm/index.js';
import type { UserWordsOfKb } from './dictionary/dictionary.service.js';
import { enqueueIngestion, INGEST_BATCH, slices } from './kb-ingest.job.js';
import { indexFieldsOf } from './kb-segments-store.js';
import * as docs from './kb-documents.repo.js';
import type { KbVectorWriter } from './kb-vectors.js';
import { getEditableKb, getVisibleKb, ownerViewer } from './knowledge-access.js';
import { docNotFound, INGEST_TEXT, segmentNotFound } from './knowledge.errors.js';
import { toKbDocument, toKbSegment } from './knowledge.mapper.js';
import type { KbRow } from './knowledge.repo.js';

export interface KbDocumentServiceDeps {
  db: Db;
  jobs: JobQueue;
  files: Pick<FileService, 'receiveUploads' | 'openForViewer' | 'openStored'>;
  llm: LlmService;
  vectors: KbVectorWriter;
  userWordsOfKb: UserWordsOfKb;
}

export type KbDocumentService = ReturnType<typeof createKbDocumentService>;

const UPLOAD_ROOT = '/知识库';
const NOT_READABLE = '文件不存在或无权访问';

/** The knowledge base's folder in its owner's tree; characters a folder name may not hold become `_`. */
export function uploadFolderOf(kbName: string): string {
  const cleaned = kbName
    .replace(/[\p{Cc}\\/:*?"<>|]/gu, '_')
    .trim()
    .slice(0, 100);
  return `${UPLOAD_ROOT}/${isSafeEntryName(cleaned) ? cleaned : '_'}`;
}

/** Documents of knowledge bases and their segments; ingestion itself runs as jobs (kb-ingest.job.ts). */
export function createKbDocumentService({ db, jobs, files, llm, vectors, userWordsOfKb }: KbDocumentServiceDeps) {
  /** A document per file and one ingestion job per INGEST_BATCH of them, committed together. */
  async function addDocuments(kb: KbRow, entries: FileEntry[]): Promise<KbDocument[]> {
    if (entries.length === 0) return [];
    const rows = await db.transaction(async (tx) => {
      const values: docs.NewKbDocument[] = [];
      for (const batch of slices(entries, INGEST_BATCH)) {
        const ids = batch.map(() => randomUUID());
        const jobId = await enqueueIngestion(jobs, tx, ids, kb.ownerId);
        batch.forEach((entry, index) => values.push({ id: ids[index]!, kbId: kb.id, fileId: entry.id, name: entry.name, size: entry.size ?? 0, jobId, statusText: INGEST_TEXT.queued }));
      }
      return docs.insertDocuments(tx, values);
    });
    return rows.map(toKbDocument);
  }

  async function cancelJobs(jobIds: string[]): Promise<void> {
    for (const jobId of new Set(jobIds)) await jobs.cancel(jobId);
  }

  async function getSegmentForEdit(viewer: Viewer, segmentId: string) {
    const segment = await docs.findSegmentById(db, segmentId);
    if (!segment) throw segmentNotFound();
    try {
      return { segment, kb: await getEditableKb(db, viewer, segment.kbId) };
    } catch (error) {
      // Another user's private knowledge base: its segments do not exist for the caller.
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw segmentNotFound();
      throw error;
    }
  }

  return {
    cancelJobs,

    unfinishedJobIdsOfKb: (kbId: string) => docs.unfinishedJobIds(db, docs.documentsOfKb(kbId)),

    /** Multipart parts: the `kb_id` field first, then `files`; stored in the owner's folder `/知识库/<名称>`. */
    async uploadDocs(viewer: Viewer, parts: UploadParts): Promise<KbDocsResult> {
      let kb: KbRow | undefined;
      const target = async (fields: Record<string, string>) => {
        kb ??= await getEditableKb(db, viewer, parseInput(kbIdBody, fields).kb_id);
        return kb;
      };
      const { fields, uploaded, failed } = await files.receiveUploads(viewer, parts, {
        fileField: 'files',
        path: UPLOAD_ROOT,
        isPrivate: true,
        override: false,
        fields: async (given) => ({ path: uploadFolderOf((await target(given)).name) }),
      });
      const found = await target(fields);
      if (uploaded.length === 0 && failed.length === 0) throw badInput('请选择要上传的文件');
      return { documents: await addDocuments(found, uploaded), failed: failed.map(({ name, reason }) => ({ name, reason })) };
    },

    /** Files the caller may read (own or public); the others are named in `failed`. */
    async addDocs(viewer: Viewer, { kb_id, file_ids }: AddDocsBody): Promise<KbDocsResult> {
      const kb = await getEditableKb(db, viewer, kb_id);
      const ids = [...new Set(file_ids)];
      const already = await docs.fileIdsOfKb(db, kb.id, ids);
      const accepted: FileEntry[] = [];
      const failed: KbDocsResult['failed'] = [];
      for (const fileId of ids) {
        const entry = await files.openForViewer(viewer, fileId).then(
          (opened) => opened.entry,
          (error: unknown) => {
            if (!(error instanceof AppError) || error.code === 'INTERNAL') throw error;
            // An unreadable file is named by its id: its name is not the caller's to know.
            failed.push({ name: fileId, reason: error.code === 'NOT_FOUND' ? NOT_READABLE : error.message });
            return undefined;
          },
        );
        if (!entry) continue;
        if (entry.kind === 'folder') failed.push({ name: entry.name, reason: '不能添加文件夹，请选择文件' });
        else if (already.has(entry.id)) failed.push({ name: entry.name, reason: '该文件已在知识库中' });
        else accepted.push(entry);
      }
      return { documents: await addDocuments(kb, accepted), failed };
    },

    /** Ingestion jobs left with nothing to do are cancelled (a job ingests a batch); the files stay in the file manager. */
    async deleteDocs(viewer: Viewer, { kb_id, doc_ids }: DeleteDocsBody): Promise<{ deleted: number }> {
      const kb = await getEditableKb(db, viewer, kb_id);
      const jobIds = await docs.unfinishedJobIds(db, docs.documentsById(kb.id, doc_ids));
      const deleted = await docs.deleteDocuments(db, kb.id, doc_ids);
      const stillNeeded = new Set(await docs.unfinishedJobIds(db, docs.documentsOfKb(kb.id)));
      await cancelJobs(jobIds.filter((jobId) => !stillNeeded.has(jobId)));
      return { deleted: deleted.length };
    },

    async listDocuments(viewer: Viewer, { kb_id, page, page_size, status, keyword }: ListKbFilesQuery): Promise<Page<KbDocument>> {
      const kb = await getVisibleKb(db, viewer, kb_id);
      const { total, rows } = await docs.listDocuments(db, { kbId: kb.id, status, keyword }, (page - 1) * page_size, page_size);
      return { total, list: rows.map(toKbDocument) };
    },

    async listSegments(viewer: Viewer, { kb_id, doc_id, keyword, page, page_size }: ListDocSegmentsBody): Promise<Page<KbSegment>> {
      const kb = await getVisibleKb(db, viewer, kb_id);
      const { total, rows } = await docs.listSegments(db, { kbId: kb.id, docId: doc_id, keyword }, (page - 1) * page_size, page_size);
      return { total, list: rows.map(toKbSegment) };
    },

    /** The new text is re-segmented and (with an embedding model and pgvector) re-embedded at once. */
    async updateSegment(viewer: Viewer, { segment_id, text }: UpdateSegmentBody): Promise<KbSegment> {
      const { segment, kb } = await getSegmentForEdit(viewer, segment_id);
      const content = indexedText(segment.headings, text);
      const indexFields = indexFieldsOf(content, await userWordsOfKb(kb));
      const embed = kb.embeddingModel && (await vectors.available());
      const embedding = embed ? (await llm.embed(ownerViewer(kb), kb.embeddingModel!, [content], { feature: 'kb_embedding' }))[0] : undefined;
      const updated = await db.transaction(async (tx) => {
        if (!(await docs.lockDocument(tx, segment.docId))) return undefined;
        const row = await docs.updateSegment(tx, segment_id, { text, ...indexFields });
        if (row && embedding) await vectors.upsertSegment(tx, segment_id, kb.id, embedding);
        return row;
      });
      if (!updated) throw segmentNotFound();
      return toKbSegment({ ...updated, docName: segment.docName });
    },

    /** The original file; who may download follows the knowledge base, not the file. */
    async openDocument(viewer: Viewer, docId: string) {
      const doc = await docs.findDocumentById(db, docId);
      if (!doc) throw docNotFound();
      try {
        await getVisibleKb(db, viewer, doc.kbId);
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') throw docNotFound();
        throw error;
      }
      const stored = await files.openStored(doc.fileId);
      if (!stored) throw new AppError('NOT_FOUND', '文档的原文件已不存在');
      return stored;
    },
  };
}
