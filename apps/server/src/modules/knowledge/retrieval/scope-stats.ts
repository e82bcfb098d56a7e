import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../platform/db/index.js';

export interface ScopeStats {
  segments: number;
  averageLength: number;
}

/** Counting a large knowledge base's segments costs more than a search: counts are kept this long. */
const FRESH_MS = 10_000;

/**
 * BM25's collection statistics (segment count, average length in tokens) of the knowledge bases
 * searched, counted per knowledge base and remembered for a few seconds. A little staleness only
 * shifts scores slightly; an empty knowledge base is never remembered, so new documents count at once.
 */
export function createScopeStats() {
  const known = new Map<string, { segments: number; tokens: number; at: number }>();
  return async (db: Db, kbIds: string[]): Promise<ScopeStats> => {
    const now = Date.now();
    const stale = kbIds.filter((id) => (known.get(id)?.at ?? 0) < now - FRESH_MS);
    if (stale.length > 0) {
      const rows = await selectRows<{ kb_id: string; segments: number; tokens: number }>(
        db,
        sql`
        select kb_id, count(*)::int as segments, coalesce(sum(token_count), 0)::float8 as tokens
        from kb_segments where kb_id = any(${`{${stale.join(',')}}`}::uuid[]) group by kb_id`,
      );
      for (const id of stale) known.delete(id);
      for (const row of rows) known.set(row.kb_id, { segments: Number(row.segments), tokens: Number(row.tokens), at: now });
    }
    let segments = 0;
    let tokens = 0;
    for (const id of kbIds) {
      segments += known.get(id)?.segments ?? 0;
      tokens += known.get(id)?.tokens ?? 0;
    }
    if (known.size > 10_000) known.clear();
    return { segments, averageLength: segments > 0 ? Math.max(1, tokens / segments) : 1 };
  };
}
