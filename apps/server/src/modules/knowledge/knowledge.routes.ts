import {
  addDocsBody,
  createKbBody,
  deleteDocsBody,
  downloadDocQuery,
  kbIdBody,
  listDocSegmentsBody,
  listKbFilesQuery,
  listKbsBody,
  recreateVectorStoreBody,
  updateKbBody,
  updateSegmentBody,
} from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { answeredTarget, downloadSink, route, thingTarget, withUploadParts } from '../../platform/http/index.js';
import { EventStream } from '../../platform/sse/index.js';
import { sendFile } from '../files/index.js';
import type { KbDocumentService } from './kb-documents.service.js';
import type { KbReindexService } from './kb-reindex.service.js';
import type { KnowledgeService } from './knowledge.service.js';

export interface KnowledgeRouteServices {
  kbs: KnowledgeService;
  documents: KbDocumentService;
  reindex: KbReindexService;
}

/** The knowledge bases, their documents and segments (retrieval is in retrieval/). */
export function knowledgeRoutes(app: FastifyInstance, { kbs, documents, reindex }: KnowledgeRouteServices): void {
  route(app, { url: '/kb/create_knowledge_base', access: 'user', body: createKbBody, handler: ({ user, body }) => kbs.createKb(user, body) });
  route(app, { url: '/kb/update_kb', access: 'user', body: updateKbBody, handler: ({ user, body }) => kbs.updateKb(user, body) });
  route(app, { url: '/kb/query_knowledge_base', access: 'user', body: kbIdBody, handler: ({ user, body }) => kbs.getKb(user, body.kb_id) });
  route(app, {
    url: '/kb/delete_knowledge_base',
    access: 'user',
    body: kbIdBody,
    audit: { action: 'kb.delete', before: async ({ user, body }) => thingTarget('knowledge_base', (await kbs.getKb(user, body.kb_id))[0]!) },
    handler: ({ user, body }) => kbs.deleteKb(user, body.kb_id),
  });
  route(app, { url: '/kb/list', access: 'user', body: listKbsBody, handler: ({ user, body }) => kbs.listMine(user, body) });
  route(app, { url: '/kb/list_public', access: 'user', body: listKbsBody, handler: ({ user, body }) => kbs.listPublic(user, body) });
  route(app, {
    url: '/kb/publish',
    access: 'user',
    body: kbIdBody,
    audit: { action: 'kb.publish', target: answeredTarget('knowledge_base') },
    handler: ({ user, body }) => kbs.setPublic(user, body.kb_id, true),
  });
  route(app, {
    url: '/kb/withhold',
    access: 'user',
    body: kbIdBody,
    audit: { action: 'kb.withhold', target: answeredTarget('knowledge_base') },
    handler: ({ user, body }) => kbs.setPublic(user, body.kb_id, false),
  });
  route(app, { method: 'GET', url: '/kb/list_detail_knowledge_bases', access: 'user', handler: ({ user }) => kbs.listVisible(user) });

  route(app, { url: '/kb/upload_docs', access: 'user', handler: ({ user, request }) => withUploadParts(request, (parts) => documents.uploadDocs(user, parts)) });
  route(app, { url: '/kb/add_docs', access: 'user', body: addDocsBody, handler: ({ user, body }) => documents.addDocs(user, body) });
  route(app, { url: '/kb/delete_docs', access: 'user', body: deleteDocsBody, handler: ({ user, body }) => documents.deleteDocs(user, body) });
  route(app, { url: '/kb/list_doc_segment', access: 'user', body: listDocSegmentsBody, handler: ({ user, body }) => documents.listSegments(user, body) });
  route(app, { url: '/kb/update_docs_by_id', access: 'user', body: updateSegmentBody, handler: ({ user, body }) => documents.updateSegment(user, body) });
  route(app, {
    method: 'GET',
    url: '/kb/list_files_detail',
    access: 'user',
    query: listKbFilesQuery,
    handler: ({ user, query }) => documents.listDocuments(user, query),
  });
  route(app, {
    method: 'GET',
    url: '/kb/download_doc',
    access: 'user',
    query: downloadDocQuery,
    handler: async ({ user, query, reply }) => sendFile(downloadSink(reply), await documents.openDocument(user, query.doc_id)),
  });
  route(app, {
    url: '/kb/recreate_vector_store',
    access: 'user',
    body: recreateVectorStoreBody,
    handler: ({ user, body, reply }) => reindex.recreate(user, body.kb_id, body.stream ? () => new EventStream(reply) : undefined),
  });
}
