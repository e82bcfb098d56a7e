import { ragKbsBody, searchDocsBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/index.js';
import type { KnowledgeRetriever } from './retriever.js';

export function retrievalRoutes(app: FastifyInstance, retriever: KnowledgeRetriever): void {
  route(app, {
    url: '/kb/search_docs',
    access: 'user',
    body: searchDocsBody,
    handler: ({ user, body }) => retriever.retrieve(user, { kbIds: [body.kb_id], query: body.query, topK: body.top_k, scoreThreshold: body.score_threshold, mode: body.mode }),
  });
  route(app, {
    url: '/kb/rag_kbs',
    access: 'user',
    body: ragKbsBody,
    handler: ({ user, body }) => retriever.retrieve(user, { kbIds: body.kb_ids, query: body.query, topK: body.top_k, scoreThreshold: body.score_threshold, mode: body.mode }),
  });
}
