import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { storedJson, type Logger } from '../../core/index.js';
import { countTerms, indexedText, segmentWords, type UserWords } from '../../platform/documents/index.js';
import { selectRows, type Db } from '../../platform/db/index.js';
import type { JobQueue } from '../../runtime/jobs/index.js';
import type { UserWordsOfKb } from './dictionary/dictionary.service.js';
import { COMMIT_GROUP } from './kb-segments-store.js';
import { findKbById } from './knowledge.repo.js';
import { countUnindexedSegments, indexSegments } from './retrieval/term-index.js';
import { intArray, uuidArray } from './retrieval/sql-arrays.js';

export const INDEX_REBUILD_JOB = 'kb.index_rebuild';
/** Segments cut between two yields to other work (~50 ms of the main thread). */
const CUT_SLICE = 200;

const rebuildPayload = storedJson('kb index rebuild payload', {
  version: 1,
  schema: z.object({
    kbId: z.string(),
    /** Nothing of the knowledge base was indexed when the rebuild was queued: it rebuilds the whole index. */
    whole: z.boolean(),
    /** The knowledge base's `updated_at` then: a change of its settings or words since keeps the re-index prompt. */
    kbUpdatedAt: z.string(),
  }),
});

export interface IndexRebuildDeps {
  db: Db;
  log: Logger;
  jobs: JobQueue;
  userWordsOfKb: UserWordsOfKb;
  /** Segments per transaction and index group; ingestion's group size by default. */
  batchSegments?: number;
}

interface UnindexedSegment {
  id: string;
  text: string;
  headings: string[];
}

/** The next documents with segments in no index group, in id order, until they hold `limit` such segments (at least one document). */
async function nextDocuments(db: Db, kbId: string, limit: number): Promise<string[]> {
  const rows = await selectRows<{ doc_id: string; n: number }>(
    db,
    sql`select doc_id, count(*)::int as n from kb_segments where kb_id = ${kbId}::uuid and ord is null group by doc_id order by doc_id limit ${limit}`,
  );
  const picked: string[] = [];
  let segments = 0;
  for (const row of rows) {
    if (picked.length > 0 && segments + Number(row.n) > limit) break;
    picked.push(row.doc_id);
    segments += Number(row.n);
  }
  return picked;
}

/** Each segment's words, cut a slice at a time so requests are served in between. */
async function cutWords(segments: UnindexedSegment[], userWords: UserWords | undefined): Promise<string[][]> {
  const words: string[][] = [];
  for (let start = 0; start < segments.length; start += CUT_SLICE) {
    for (const segment of segments.slice(start, start + CUT_SLICE)) words.push(segmentWords(indexedText(segment.headings, segment.text), userWords));
    await yieldToRequests();
  }
  return words;
}

/**
 * Indexes the group-less segments of a few documents as one index group; returns how many, or
 * undefined when no document has any left. They are cut before the transaction; in it the documents
 * are locked, in id order as ingestion, edits and deletions lock them, and only segments still in no
 * group are indexed (a document re-ingested meanwhile has new segments, indexed by its ingestion).
 */
async function indexBatch(db: Db, kbId: string, userWords: UserWords | undefined, limit: number): Promise<number | undefined> {
  const docIds = await nextDocuments(db, kbId, limit);
  if (docIds.length === 0) return undefined;
  const segments = await selectRows<UnindexedSegment>(db, sql`select id, text, headings from kb_segments where doc_id = any(${uuidArray(docIds)}) and ord is null order by doc_id, seq`);
  const words = await cutWords(segments, userWords);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from kb_documents where id = any(${uuidArray(docIds)}) order by id for update`);
    const still = new Set((await selectRows<{ id: string }>(tx, sql`select id from kb_segments where doc_id = any(${uuidArray(docIds)}) and ord is null`)).map((segment) => segment.id));
    const kept = segments.map((segment, index) => ({ segment, words: words[index]! })).filter(({ segment }) => still.has(segment.id));
    if (kept.length === 0) return 0;
    const terms = countTerms(kept.map((entry) => entry.words));
    const places = await indexSegments(tx, kbId, [terms]);
    await tx.execute(sql`
      update kb_segments s set ord = x.ord, index_group = ${places[0]!.indexGroup}::int, token_count = x.token_count
      from unnest(${uuidArray(kept.map((entry) => entry.segment.id))}, ${intArray(places.map((place) => place.ord))}, ${intArray(Array.from(terms.lengths))})
        as x(id, ord, token_count)
      where s.id = x.id`);
    return kept.length;
  });
}

/** Knowledge bases with segments in no index group (an upgrade emptied their index), and whether any of their segments is indexed. */
async function kbsToRebuild(db: Db): Promise<Array<{ id: string; owner_id: string; updated_at: string; whole: boolean }>> {
  return selectRows(
    db,
    sql`select kb.id, kb.owner_id, kb.updated_at::text as updated_at,
          not exists (select 1 from kb_segments s where s.kb_id = kb.id and s.ord is not null) as whole
        from knowledge_bases kb
        where kb.needs_reindex and exists (select 1 from kb_segments s where s.kb_id = kb.id and s.ord is null)`,
  );
}

/**
 * Rebuilds, in the background, the full-text index of knowledge bases whose segments were stored under
 * an older index layout (an upgrade's migration empties their index): from the stored segments, without
 * parsing the files again or calling the embedding model. A job taken over after a crash goes on where
 * the last committed group ended. A knowledge base rebuilt whole, whose settings and words did not
 * change since, no longer asks for a re-index.
 */
export function registerIndexRebuild({ db, log, jobs, userWordsOfKb, batchSegments = COMMIT_GROUP.segments }: IndexRebuildDeps) {
  jobs.register(
    INDEX_REBUILD_JOB,
    async (job, ctx) => {
      const { kbId, whole, kbUpdatedAt } = job.payload;
      const kb = await findKbById(db, kbId);
      if (!kb) return;
      const userWords = await userWordsOfKb(kb);
      const total = await countUnindexedSegments(db, kbId);
      let indexed = 0;
      for (;;) {
        ctx.signal.throwIfAborted();
        const count = await indexBatch(db, kbId, userWords, batchSegments);
        if (count === undefined) break;
        indexed += count;
        ctx.progress(Math.min(1, indexed / Math.max(total, 1)), `已重建 ${indexed} 个分段的全文索引`);
      }
      if (whole) await db.execute(sql`update knowledge_bases set needs_reindex = false where id = ${kbId}::uuid and updated_at::text = ${kbUpdatedAt}`);
      log.info({ kbId, indexed }, 'knowledge base full-text index rebuilt from its segments');
    },
    { payload: rebuildPayload, concurrency: 1, timeoutMs: 60 * 60_000 },
  );

  return {
    /** Queues a rebuild of every knowledge base that needs one (once each: an open job is reused). */
    async enqueueRebuilds(): Promise<number> {
      const kbs = await kbsToRebuild(db);
      for (const kb of kbs) {
        const payload = rebuildPayload.write({ kbId: kb.id, whole: kb.whole, kbUpdatedAt: kb.updated_at });
        await jobs.enqueue(db, { kind: INDEX_REBUILD_JOB, payload, ownerId: kb.owner_id, dedupeKey: kb.id });
      }
      return kbs.length;
    },
  };
}
