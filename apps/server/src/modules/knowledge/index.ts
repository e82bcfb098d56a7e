import type { Logger, ReferenceRegistry } from '../../core/index.js';
import { createDocumentWorkers } from '../../platform/documents/index.js';
import { createSharedCache } from '../../platform/cache/index.js';
import type { Bus } from '../../platform/bus/index.js';
import type { Db } from '../../platform/db/index.js';
import type { JobQueue } from '../../runtime/jobs/index.js';
import type { FileService } from '../files/index.js';
import type { LlmService } from '../llm/index.js';
import type { TagService } from '../tag/index.js';
import { createDictionaryService } from './dictionary/dictionary.service.js';
import { createKbDocumentService } from './kb-documents.service.js';
import { registerIndexRebuild } from './kb-index-rebuild.job.js';
import { registerIngestion } from './kb-ingest.job.js';
import { createKbReindexService } from './kb-reindex.service.js';
import { createKnowledgeService } from './knowledge.service.js';
import { createKnowledgeRetriever } from './retrieval/retriever.js';
import { startVectorIndexer } from './retrieval/vector-indexer.js';
import { createVectorStore, type VectorStore } from './retrieval/vector-store.js';

export { knowledgeRoutes } from './knowledge.routes.js';
export { dictionaryRoutes } from './dictionary/dictionary.routes.js';
export { INGEST_JOB } from './kb-ingest.job.js';
export { seedingSteps, type DocumentSegments } from './kb-segments-store.js';
export { EMBED_BATCH } from './kb-vectors.js';
export { createVectorStore } from './retrieval/vector-store.js';
/** Benchmarks measure vector search on a seeded database with them directly (bench/vector.bench.ts). */
export { createKnowledgeRetriever } from './retrieval/retriever.js';
export { nearestQuery, type VectorStore } from './retrieval/vector-store.js';
/** Benchmarks search a seeded database with it directly (bench/lib/pglite-probe.ts). */
export { searchFullText } from './retrieval/fulltext-search.js';
export { knowledgeReferences } from './knowledge-usage.js';
export type { KnowledgeService } from './knowledge.service.js';
export { retrievalRoutes, type KnowledgeRetriever, type RetrieveInput, type RetrieveOptions } from './retrieval/index.js';
export { kbCitation, kbSourcesPrompt } from './kb-sources.js';

export interface KnowledgeModuleDeps {
  db: Db;
  /** Tells the other processes that the platform's dictionary changed. */
  bus: Bus;
  log: Logger;
  jobs: JobQueue;
  files: FileService;
  llm: LlmService;
  /** Knowledge-base tags must be `kb` tags of the tag manager; filters include sub-tags. */
  tags: TagService;
  /** Asked before a knowledge base is deleted (agents that search it). */
  references: ReferenceRegistry<Db>;
  /** pgvector where the database has it; made here unless given. */
  vectors?: VectorStore;
  /** Parser threads; the module closes them with `close()`. */
  parserThreads?: number;
  /** Segments per transaction when an index an upgrade emptied is rebuilt (`KB_INDEX_REBUILD_BATCH`). */
  indexRebuildBatch?: number;
}

/** The platform's dictionary is read once per search and per ingestion job: remembered this long per process (changes evict it everywhere). */
const DICTIONARY_CACHE_MS = 30_000;

/** Knowledge bases, their documents (ingested by durable jobs) and segments. Register before `jobs.start()`. */
export function createKnowledgeModule({
  db,
  bus,
  log,
  jobs,
  files,
  llm,
  tags,
  references,
  vectors = createVectorStore({ db, log }),
  parserThreads = 2,
  indexRebuildBatch,
}: KnowledgeModuleDeps) {
  const workers = createDocumentWorkers({ size: parserThreads });
  const dictionaries = createDictionaryService({ db, platformCache: createSharedCache<string[]>({ bus, channel: 'aip_kb_dictionary_changed', ttlMs: DICTIONARY_CACHE_MS }) });
  const { userWordsOfKb } = dictionaries;
  registerIngestion({ db, log, jobs, files, llm, workers, vectors, userWordsOfKb });
  const indexRebuild = registerIndexRebuild({ db, log, jobs, userWordsOfKb, batchSegments: indexRebuildBatch });
  const documents = createKbDocumentService({ db, jobs, files, llm, vectors, userWordsOfKb });
  const kbs = createKnowledgeService({
    db,
    llm,
    tags,
    references,
    cancelIngestion: documents.cancelJobs,
    unfinishedJobIdsOfKb: documents.unfinishedJobIdsOfKb,
    vectorsPending: (kbId) => vectors.pendingCount(db, kbId),
  });
  const vectorIndexer = startVectorIndexer({ store: vectors, log });
  return {
    kbs,
    documents,
    reindex: createKbReindexService({ db, jobs }),
    /** Shared with retrieval: one store per process remembers whether pgvector is there. */
    vectors,
    /** Search for `/kb/search_docs`, `/kb/rag_kbs`, the knowledge-base chat module and agents. */
    retriever: createKnowledgeRetriever({ db, llm, vectors, log, userWordsOfKb }),
    dictionaries,
    /** Moves written vectors into the HNSW index once ingestion pauses. */
    vectorIndexer,
    /** Queues the background rebuild of full-text indexes an upgrade emptied (call before `jobs.start()`). */
    enqueueIndexRebuilds: indexRebuild.enqueueRebuilds,
    close: async () => {
      await vectorIndexer.close();
      await workers.close();
    },
  };
}
