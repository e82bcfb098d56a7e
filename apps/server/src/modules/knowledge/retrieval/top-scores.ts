/**
 * Scores summed by segment ordinal, then the best few. Ordinals are dense in a knowledge base (0 up to its
 * next ordinal), so the table is an array indexed by ordinal: a term's postings ascend by ordinal, so
 * adding them sweeps the array forwards instead of hashing (a search adds tens of thousands of scores at
 * 100,000 segments). A BM25 term weight is always above 0, so a score of 0 marks an ordinal not yet added.
 */
export class TopScores {
  private scores = new Float64Array(0);
  /** The ordinals added, in the order first added: `top` visits only these, and `reset` clears only these. */
  private added = new Int32Array(0);
  private size = 0;

  /**
   * `ordLimit`: the ordinals expected to be below it (the table grows past it if one is not: a group
   * committed between reading the statistics and the rows); `expected`: at most how many ordinals will be added.
   */
  constructor(ordLimit: number, expected: number) {
    this.reset(ordLimit, expected);
  }

  /** Empties the table for new limits, keeping its arrays where they are large enough (reused by every search). */
  reset(ordLimit: number, expected: number): this {
    if (ordLimit > this.scores.length) this.scores = new Float64Array(ordLimit);
    else for (let index = 0; index < this.size; index += 1) this.scores[this.added[index]!] = 0;
    // Not capped by `ordLimit`: an ordinal past it (a group committed meanwhile) is added too.
    if (expected > this.added.length) this.added = new Int32Array(expected);
    this.size = 0;
    return this;
  }

  add(ord: number, score: number): void {
    if (ord >= this.scores.length) this.grow(ord + 1);
    if (this.scores[ord] === 0) this.added[this.size++] = ord;
    this.scores[ord]! += score;
  }

  private grow(ordLimit: number): void {
    const larger = new Float64Array(Math.max(ordLimit, this.scores.length * 2));
    larger.set(this.scores);
    this.scores = larger;
  }

  /** The `limit` best, highest score first (ties: lower ordinal first). */
  top(limit: number): Array<{ ord: number; score: number }> {
    const best: Array<{ ord: number; score: number }> = [];
    if (limit <= 0) return best;
    // Whether `entry` ranks below (ord, score).
    const below = (entry: { ord: number; score: number }, ord: number, score: number) => entry.score < score || (entry.score === score && entry.ord > ord);
    let threshold = -1;
    for (let index = 0; index < this.size; index += 1) {
      const ord = this.added[index]!;
      const score = this.scores[ord]!;
      if (score < threshold || (best.length === limit && !below(best[limit - 1]!, ord, score))) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      while (at > 0 && below(best[at - 1]!, ord, score)) {
        best[at] = best[at - 1]!;
        at -= 1;
      }
      best[at] = { ord, score };
      if (best.length === limit) threshold = best[limit - 1]!.score;
    }
    return best;
  }
}
