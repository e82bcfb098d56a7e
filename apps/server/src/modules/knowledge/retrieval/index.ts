export { createKnowledgeRetriever, type KnowledgeRetriever, type RetrieveInput, type RetrieveOptions } from './retriever.js';
export { createVectorStore, type SegmentVector, type VectorHit, type VectorStore } from './vector-store.js';
export { retrievalRoutes } from './retrieval.routes.js';
