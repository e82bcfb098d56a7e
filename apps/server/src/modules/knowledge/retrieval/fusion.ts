/** Reciprocal rank fusion's constant: a document's share from one list is 1 / (k + rank). */
const RRF_K = 60;

export interface Ranked {
  segmentId: string;
  score: number;
}

export interface Fused {
  segmentId: string;
  /** 0–1: the fused score over the best a segment could get (first in every list). */
  score: number;
}

/**
 * Reciprocal rank fusion of ranked lists (best first). Normalised by the score of a segment ranked
 * first in every list it could appear in (`possibleLists`: a segment of a knowledge base without
 * vectors is in no vector list), so a threshold means the same thing whatever the query.
 */
export function fuseByRank(lists: Ranked[][], possibleLists?: (segmentId: string) => number): Fused[] {
  const used = lists.filter((list) => list.length > 0);
  if (used.length === 0) return [];
  const totals = new Map<string, number>();
  for (const list of used) {
    list.forEach((item, index) => totals.set(item.segmentId, (totals.get(item.segmentId) ?? 0) + 1 / (RRF_K + index + 1)));
  }
  const best = (segmentId: string) => Math.max(1, Math.min(used.length, possibleLists?.(segmentId) ?? used.length)) / (RRF_K + 1);
  return [...totals.entries()]
    .map(([segmentId, total]) => ({ segmentId, score: Math.min(1, total / best(segmentId)) }))
    .sort((a, b) => b.score - a.score || a.segmentId.localeCompare(b.segmentId));
}
