import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { storedJson, type Logger } from '../../core/index.js';
import { countTerms, indexedText, segmentWords, type UserWords } from '../../platform/documents/index.js';
import { selectRows, type Db } from '../../platform/db/index.js';
import type { JobQueue } from '../../runtime/jobs/index.js';
import type { UserWordsOfKb } from './dictionary/dictionary.service.js';
import { findKbById } from './knowledge.repo.js';
import { indexSegments, readIndexStats } from './retrieval/term-index.js';
import { intArray, uuidArray } from './retrieval/sql-arrays.js';

export const INDEX_REBUILD_JOB = 'kb.index_rebuild';
/** Segments indexed per transaction: cutting them holds the main thread ~50 ms, and PGlite's one connection as long. */
export const REBUILD_BATCH = 200;

const rebuildPayload = storedJson('kb index rebuild payload', { version: 1, schema: z.object({ kbId: z.string() }) });

interface UnindexedSegment {
  id: string;
  text: string;
  headings: string[];
}

/** Whether the knowledge base's words are the same (the dictionary did not change while it was rebuilt). */
const sameWords = (a: UserWords | undefined, b: UserWords | undefined) => (a?.key ?? '') === (b?.key ?? '');

const countUnindexed = async (db: Db, kbId: string) =>
  Number((await selectRows<{ n: number }>(db, sql`select count(*)::int as n from kb_segments where kb_id = ${kbId}::uuid and ord is null`))[0]?.n ?? 0);

/**
 * Indexes up to `limit` segments that are in no index group (segments stored under an older full-text
 * layout), in one transaction; returns how many. The rows are locked, so a document re-ingested meanwhile
 * either waits for this batch or is gone from it.
 */
async function indexBatch(db: Db, kbId: string, userWords: UserWords | undefined, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const segments = await selectRows<UnindexedSegment>(
      tx,
      sql`select id, text, headings from kb_segments where kb_id = ${kbId}::uuid and ord is null order by doc_id, seq limit ${limit} for update skip locked`,
    );
    if (segments.length === 0) return 0;
    const terms = countTerms(segments.map((segment) => segmentWords(indexedText(segment.headings, segment.text), userWords)));
    const places = await indexSegments(tx, kbId, [terms]);
    await tx.execute(sql`
      update kb_segments s set ord = x.ord, index_group = ${places[0]!.indexGroup}::int, token_count = x.token_count
      from unnest(${uuidArray(segments.map((segment) => segment.id))}, ${intArray(places.map((place) => place.ord))}, ${intArray(Array.from(terms.lengths))})
        as x(id, ord, token_count)
      where s.id = x.id`);
    return segments.length;
  });
}

/** Knowledge bases with segments in no index group: those indexed before the full-text layout changed. */
async function kbsWithUnindexedSegments(db: Db): Promise<Array<{ id: string; owner_id: string }>> {
  return selectRows(db, sql`select kb.id, kb.owner_id from knowledge_bases kb where kb.needs_reindex and exists (select 1 from kb_segments s where s.kb_id = kb.id and s.ord is null)`);
}

/**
 * Rebuilds, in the background, the full-text index of knowledge bases whose segments were stored under
 * an older index layout (an upgrade's migration empties their index): from the stored segments, without
 * parsing the files again or calling the embedding model. A knowledge base rebuilt whole with the words
 * it has now no longer asks for a re-index.
 */
export interface IndexRebuildDeps {
  db: Db;
  log: Logger;
  jobs: JobQueue;
  userWordsOfKb: UserWordsOfKb;
}

export function registerIndexRebuild({ db, log, jobs, userWordsOfKb }: IndexRebuildDeps) {
  jobs.register(
    INDEX_REBUILD_JOB,
    async (job, ctx) => {
      const { kbId } = job.payload;
      const kb = await findKbById(db, kbId);
      if (!kb) return;
      const userWords = await userWordsOfKb(kb);
      const wholeKb = (await readIndexStats(db, kbId)).segments === 0;
      const total = await countUnindexed(db, kbId);
      let indexed = 0;
      for (;;) {
        ctx.signal.throwIfAborted();
        const count = await indexBatch(db, kbId, userWords, REBUILD_BATCH);
        if (count === 0) break;
        indexed += count;
        ctx.progress(Math.min(1, indexed / Math.max(total, 1)), `已重建 ${indexed} 个分段的全文索引`);
        await yieldToRequests();
      }
      const now = await findKbById(db, kbId);
      if (wholeKb && now && sameWords(userWords, await userWordsOfKb(now))) {
        await db.execute(sql`update knowledge_bases set needs_reindex = false where id = ${kbId}::uuid`);
      }
      log.info({ kbId, indexed }, 'knowledge base full-text index rebuilt from its segments');
    },
    { payload: rebuildPayload, concurrency: 1, timeoutMs: 60 * 60_000 },
  );

  return {
    /** Queues a rebuild of every knowledge base that needs one (once each: an open job is reused). */
    async enqueueRebuilds(): Promise<number> {
      const kbs = await kbsWithUnindexedSegments(db);
      for (const kb of kbs) await jobs.enqueue(db, { kind: INDEX_REBUILD_JOB, payload: rebuildPayload.write({ kbId: kb.id }), ownerId: kb.owner_id, dedupeKey: kb.id });
      return kbs.length;
    },
  };
}
