import type { KbSearchHit, KbSearchMode, KbSearchResult } from '@agent-platform/contracts';
import type { Db } from '../../../platform/db/index.js';
import { indexedText, segmentWords, type UserWords } from '../../../platform/documents/index.js';
import { badInput, canSee, type Logger, type Viewer } from '../../../core/index.js';
import type { LlmService } from '../../llm/index.js';
import type { UserWordsOfKb } from '../dictionary/dictionary.service.js';
import { ownerViewer } from '../knowledge-access.js';
import { kbNotFound } from '../knowledge.errors.js';
import { searchFullText, type FullTextHit } from './fulltext-search.js';
import { fuseByRank, type Ranked } from './fusion.js';
import { findKbs, findSegmentDetails, type SearchableKb, type SegmentDetail } from './retrieval.repo.js';
import type { VectorStore } from './vector-store.js';

export interface RetrieveInput {
  kbIds: string[];
  query: string;
  topK: number;
  /** 0–1: hits scoring below it are dropped. */
  scoreThreshold: number;
  mode: KbSearchMode;
}

export interface RetrieveOptions {
  signal?: AbortSignal;
}

/** Retrieval over knowledge bases the viewer may read: what search, knowledge-base chat and agents use. */
export interface KnowledgeRetriever {
  /** 40401 for a knowledge base the viewer may not read; 40001 for `vector` where vectors are unavailable. */
  retrieve(viewer: Viewer, input: RetrieveInput, options?: RetrieveOptions): Promise<KbSearchResult>;
}

type Unavailable = 'noPgvector' | 'noEmbedding';
const FALLBACK_NOTICE: Record<Unavailable, string> = {
  noPgvector: '数据库未安装 pgvector，已使用全文检索',
  noEmbedding: '该知识库未配置向量模型，已使用全文检索',
};
const VECTOR_REFUSED: Record<Unavailable, string> = {
  noPgvector: '数据库未安装 pgvector，无法使用向量检索，请改用全文检索或混合检索',
  noEmbedding: '该知识库未配置向量模型，无法使用向量检索，请先在知识库设置中选择向量模型，或改用全文检索',
};
const EMBED_FAILED_NOTICE = '向量模型调用失败，已使用全文检索';
const RERANK_FAILED_NOTICE = '重排模型调用失败，已按融合得分排序';

/** Each ranked list is this long at least: fusion and rerank need more than the hits shown. */
const MIN_CANDIDATES = 50;
/** Rerank looks at this many fused candidates at least (and three times top_k). */
const MIN_RERANKED = 20;

interface Candidate {
  segmentId: string;
  score: number;
  fulltext: number | null;
  vector: number | null;
  rerank: number | null;
}

const clamp01 = (value: number) => Math.max(0, Math.min(1, value));

export interface KnowledgeRetrieverDeps {
  db: Db;
  llm: LlmService;
  vectors: VectorStore;
  log: Logger;
  /** A question is cut with each knowledge base's user words (its dictionary and the platform's). */
  userWordsOfKb: UserWordsOfKb;
}

export function createKnowledgeRetriever({ db, llm, vectors, log, userWordsOfKb }: KnowledgeRetrieverDeps): KnowledgeRetriever {
  /** One statement per set of user words (usually one for all): each knowledge base's terms are cut as its documents were. */
  async function searchWords(kbs: SearchableKb[], query: string, limit: number) {
    const groups = new Map<string, { userWords: UserWords | undefined; kbIds: string[] }>();
    for (const kb of kbs) {
      const userWords = await userWordsOfKb(kb);
      const group = groups.get(userWords?.key ?? '') ?? { userWords, kbIds: [] };
      group.kbIds.push(kb.id);
      groups.set(userWords?.key ?? '', group);
    }
    const lists: FullTextHit[][] = [];
    for (const { userWords, kbIds } of groups.values()) lists.push(await searchFullText(db, kbIds, segmentWords(query, userWords), limit));
    if (lists.length === 1) return lists[0]!;
    return lists
      .flat()
      .sort((a, b) => b.score - a.score || (a.segmentId < b.segmentId ? -1 : 1))
      .slice(0, limit);
  }

  async function visibleKbs(viewer: Viewer, kbIds: string[]): Promise<SearchableKb[]> {
    const unique = [...new Set(kbIds)];
    const byId = new Map((await findKbs(db, unique)).map((kb) => [kb.id, kb]));
    return unique.map((id) => {
      const kb = byId.get(id);
      if (!kb || !canSee(viewer, kb)) throw kbNotFound();
      return kb;
    });
  }

  async function unavailable(kbs: SearchableKb[]): Promise<Unavailable | null> {
    if (!(await vectors.available())) return 'noPgvector';
    return kbs.some((kb) => kb.embeddingModel) ? null : 'noEmbedding';
  }

  /** Nearest segments over every knowledge base with vectors: one query embedding per embedding model. */
  async function searchVectors(viewer: Viewer, kbs: SearchableKb[], query: string, limit: number, signal?: AbortSignal): Promise<Ranked[]> {
    const byModel = new Map<string, SearchableKb[]>();
    for (const kb of kbs) if (kb.embeddingModel) byModel.set(kb.embeddingModel, [...(byModel.get(kb.embeddingModel) ?? []), kb]);
    const lists = await Promise.all(
      [...byModel].map(async ([modelName, members]) => {
        // The owner chose the model: resolve it as they see it, record the call against the viewer.
        const model = await llm.resolveModel(ownerViewer(members[0]!), modelName, 'embedding');
        const [embedding] = await llm.embed(viewer, model, [query], { feature: 'kb_search', signal });
        return embedding
          ? vectors.search(
              db,
              members.map((kb) => kb.id),
              embedding,
              limit,
            )
          : [];
      }),
    );
    return lists
      .flat()
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }

  async function rerank(viewer: Viewer, kb: SearchableKb, query: string, pool: Candidate[], details: Map<string, SegmentDetail>, signal?: AbortSignal) {
    const present = pool.filter((candidate) => details.has(candidate.segmentId));
    const documents = present.map((candidate) => {
      const detail = details.get(candidate.segmentId)!;
      return indexedText(detail.headings, detail.text);
    });
    const model = await llm.resolveModel(ownerViewer(kb), kb.rerankModel!, 'rerank');
    const results = await llm.rerank(viewer, model, { query, documents }, { feature: 'kb_search', signal });
    return results.flatMap(({ index, score }) => {
      const candidate = present[index];
      return candidate ? [{ ...candidate, score: clamp01(score), rerank: clamp01(score) }] : [];
    });
  }

  const toHit = (candidate: Candidate, detail: SegmentDetail): KbSearchHit => ({
    segment_id: detail.segmentId,
    doc_id: detail.docId,
    doc_name: detail.docName,
    kb_id: detail.kbId,
    kb_name: detail.kbName,
    seq: detail.seq,
    text: detail.text,
    headings: detail.headings,
    score: candidate.score,
    fulltext_score: candidate.fulltext,
    vector_score: candidate.vector,
    rerank_score: candidate.rerank,
  });

  return {
    async retrieve(viewer, input, options = {}) {
      const kbs = await visibleKbs(viewer, input.kbIds);
      let mode = input.mode;
      let notice: string | null = null;
      if (mode !== 'fulltext') {
        const reason = await unavailable(kbs);
        if (reason && mode === 'vector') throw badInput(VECTOR_REFUSED[reason]);
        if (reason) [mode, notice] = ['fulltext', FALLBACK_NOTICE[reason]];
      }
      const rerankKb = kbs.find((kb) => kb.rerankModel);
      const poolSize = rerankKb ? Math.max(MIN_RERANKED, input.topK * 3) : input.topK * 2;
      // Full text alone, without rerank, uses only the pool: naming 50 candidates read 50 segment rows,
      // at 100,000 segments mostly from disk.
      const limit = mode === 'fulltext' && !rerankKb ? poolSize : Math.max(MIN_CANDIDATES, input.topK * 4);

      // Both halves at once: on PostgreSQL each statement takes its own pooled connection; on PGlite (one
      // connection) the statements queue, but the full-text one still runs while the query is embedded.
      const fulltextSearch: Promise<FullTextHit[]> = mode === 'vector' ? Promise.resolve([]) : searchWords(kbs, input.query, limit);
      // Awaited below; until then a failure must not count as unhandled.
      void fulltextSearch.catch(() => undefined);
      let vectorList: Ranked[] = [];
      if (mode !== 'fulltext') {
        try {
          vectorList = await searchVectors(viewer, kbs, input.query, limit, options.signal);
        } catch (error) {
          if (mode === 'vector' || options.signal?.aborted) throw error;
          log.warn({ err: error }, 'query embedding failed: full-text search only');
          [mode, notice] = ['fulltext', EMBED_FAILED_NOTICE];
        }
      }
      const fulltextList = await fulltextSearch;

      const fulltextScores = new Map(fulltextList.map((hit) => [hit.segmentId, hit.score]));
      const vectorScores = new Map(vectorList.map((hit) => [hit.segmentId, hit.score]));
      const withVectors = new Set(kbs.filter((kb) => kb.embeddingModel).map((kb) => kb.id));
      const kbOf = new Map(fulltextList.map((hit) => [hit.segmentId, hit.kbId]));
      const listsFor = (segmentId: string) => (withVectors.has(kbOf.get(segmentId) ?? '') || !kbOf.has(segmentId) ? 2 : 1);
      const ranked = mode === 'hybrid' ? fuseByRank([fulltextList, vectorList], listsFor) : mode === 'vector' ? vectorList : fulltextList;
      let candidates: Candidate[] = ranked.map(({ segmentId, score }) => ({
        segmentId,
        score,
        fulltext: fulltextScores.get(segmentId) ?? null,
        vector: vectorScores.get(segmentId) ?? null,
        rerank: null,
      }));

      const pool = candidates.slice(0, poolSize);
      const details = new Map(
        (
          await findSegmentDetails(
            db,
            pool.map((candidate) => candidate.segmentId),
          )
        ).map((detail) => [detail.segmentId, detail]),
      );
      if (rerankKb && pool.length > 0) {
        try {
          candidates = await rerank(viewer, rerankKb, input.query, pool, details, options.signal);
        } catch (error) {
          if (options.signal?.aborted) throw error;
          log.warn({ err: error }, 'rerank failed: fused order kept');
          notice = notice ?? RERANK_FAILED_NOTICE;
        }
      }

      const hits = candidates
        .filter((candidate) => candidate.score >= input.scoreThreshold && details.has(candidate.segmentId))
        .slice(0, input.topK)
        .map((candidate) => toHit(candidate, details.get(candidate.segmentId)!));
      return { mode, notice, hits };
    },
  };
}
