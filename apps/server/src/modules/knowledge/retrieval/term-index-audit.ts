import { sql } from 'drizzle-orm';
import { frequenciesOfSegment, indexedText, type UserWords } from '../../../platform/documents/index.js';
import { selectRows, type Db } from '../../../platform/db/index.js';
import { indexFieldsOf } from '../kb-segments-store.js';
import { bucketOf, decodeRow, forEachPosting } from './index-buckets.js';

export interface IndexDrift {
  /** Stored segment count and total length against those of the segments. */
  stats: { stored: [number, number]; actual: [number, number] } | null;
  /** Terms whose document frequency in the index differs from the segments' (a few, for the message). */
  terms: string[];
  /** Postings (term, segment, frequency, length) stored but not derived from the segments, or the reverse, or in the wrong row. */
  postings: number;
  /** Groups whose stored segment count differs from the segments indexed in them. */
  groups: number;
}

/** `term ord` → `tf/length`, and document frequency by term. */
interface PostingSet {
  postings: Map<string, string>;
  df: Map<string, number>;
}

function add(set: PostingSet, term: string, ord: number, tf: number, length: number): void {
  set.postings.set(`${term} ${ord}`, `${tf}/${length}`);
  set.df.set(term, (set.df.get(term) ?? 0) + 1);
}

/**
 * Compares a knowledge base's full-text index with what a full re-index of its segments computes (their
 * texts cut again with `userWords`, the knowledge base's dictionary): no drift means every statistic BM25
 * reads is exact. For tests and checks after a crash; it reads the whole index and cuts every segment.
 */
export async function findIndexDrift(db: Db, kbId: string, userWords?: UserWords): Promise<IndexDrift> {
  const [stats] = await selectRows<{ stored_segments: number | null; stored_tokens: string | null; segments: number; tokens: string }>(
    db,
    sql`
      select (select segments from kb_index_stats where kb_id = ${kbId}::uuid) as stored_segments,
        (select tokens from kb_index_stats where kb_id = ${kbId}::uuid)::text as stored_tokens,
        count(*)::int as segments, coalesce(sum(token_count), 0)::text as tokens
      from kb_segments where kb_id = ${kbId}::uuid`,
  );
  const stored: [number, number] = [Number(stats?.stored_segments ?? 0), Number(stats?.stored_tokens ?? 0)];
  const actual: [number, number] = [Number(stats?.segments ?? 0), Number(stats?.tokens ?? 0)];

  const derived: PostingSet = { postings: new Map(), df: new Map() };
  const groupOf = new Map<number, number | null>();
  const segments = await selectRows<{ ord: number | null; index_group: number | null; text: string; headings: string[]; token_count: number }>(
    db,
    sql`select ord, index_group, text, headings, token_count from kb_segments where kb_id = ${kbId}::uuid`,
  );
  let postings = 0;
  for (const segment of segments) {
    const terms = frequenciesOfSegment(indexFieldsOf(indexedText(segment.headings, segment.text), userWords).terms, 0);
    if (segment.ord === null) {
      postings += terms.size;
      continue;
    }
    groupOf.set(segment.ord, segment.index_group);
    for (const [term, tf] of terms) add(derived, term, segment.ord, tf, segment.token_count);
  }

  const found: PostingSet = { postings: new Map(), df: new Map() };
  const rows = await selectRows<{ bucket: number; group_id: number; data: Uint8Array }>(db, sql`select bucket, group_id, data from kb_index_buckets where kb_id = ${kbId}::uuid`);
  for (const row of rows) {
    for (const { term, postings: slice } of decodeRow(row.data)) {
      forEachPosting(slice, (ord, tf, length) => {
        if (bucketOf(term) !== row.bucket || groupOf.get(ord) !== row.group_id) postings += 1;
        add(found, term, ord, tf, length);
      });
    }
  }
  for (const [key, value] of derived.postings) if (found.postings.get(key) !== value) postings += 1;
  for (const key of found.postings.keys()) if (!derived.postings.has(key)) postings += 1;
  const terms = [...new Set([...derived.df.keys(), ...found.df.keys()])]
    .filter((term) => derived.df.get(term) !== found.df.get(term))
    .sort()
    .slice(0, 20);
  const [groups] = await selectRows<{ n: number }>(
    db,
    sql`
      with actual as (select index_group, count(*)::int as segments from kb_segments where kb_id = ${kbId}::uuid and index_group is not null group by index_group)
      select count(*)::int as n from actual a full join (select group_id, segments from kb_index_groups where kb_id = ${kbId}::uuid) g on g.group_id = a.index_group
      where a.segments is distinct from g.segments`,
  );
  const statsDiffer = stored[0] !== actual[0] || stored[1] !== actual[1];
  return { stats: statsDiffer ? { stored, actual } : null, terms, postings, groups: Number(groups?.n ?? 0) };
}

/** The terms each indexed segment of a knowledge base is found under, by segment id, as the index holds them (for tests). */
export async function indexedTerms(db: Db, kbId: string): Promise<Map<string, string[]>> {
  const segments = await selectRows<{ id: string; ord: number }>(db, sql`select id, ord from kb_segments where kb_id = ${kbId}::uuid and ord is not null`);
  const idOf = new Map(segments.map((segment) => [segment.ord, segment.id]));
  const terms = new Map(segments.map((segment) => [segment.id, [] as string[]]));
  const rows = await selectRows<{ data: Uint8Array }>(db, sql`select data from kb_index_buckets where kb_id = ${kbId}::uuid`);
  for (const row of rows) {
    for (const { term, postings } of decodeRow(row.data)) forEachPosting(postings, (ord) => terms.get(idOf.get(ord)!)?.push(term));
  }
  return terms;
}
