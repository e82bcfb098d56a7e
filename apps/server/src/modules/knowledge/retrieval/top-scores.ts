/**
 * Scores summed by segment ordinal, then the best few: an open-addressing table on typed arrays, since a
 * search adds up to one score per posting of its terms (100,000 and more at scale), where a `Map` is
 * several times slower.
 */
export class TopScores {
  private ords = new Int32Array(0);
  private scores = new Float64Array(0);
  private mask = 0;
  /** The slots in use, in the order first used: `top` visits only these, and `reset` clears only these. */
  private used = new Int32Array(0);
  private size = 0;

  /** `expected`: at most how many ordinals will be added. */
  constructor(expected: number) {
    this.reset(expected);
  }

  /**
   * Empties the table for a new count, keeping its arrays where they are large enough: at 100,000 segments
   * a search's table is ~1 MB, which allocating and filling anew every search costs in collections.
   */
  reset(expected: number): this {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    if (capacity > this.ords.length) {
      [this.ords, this.scores, this.used] = [new Int32Array(capacity).fill(-1), new Float64Array(capacity), new Int32Array(capacity)];
    } else {
      for (let index = 0; index < this.size; index += 1) {
        const slot = this.used[index]!;
        this.ords[slot] = -1;
        this.scores[slot] = 0;
      }
      capacity = this.ords.length;
    }
    this.mask = capacity - 1;
    this.size = 0;
    return this;
  }

  add(ord: number, score: number): void {
    let slot = Math.imul(ord, 0x9e3779b1) & this.mask;
    while (this.ords[slot] !== ord && this.ords[slot] !== -1) slot = (slot + 1) & this.mask;
    if (this.ords[slot] === -1) {
      this.ords[slot] = ord;
      this.used[this.size++] = slot;
    }
    this.scores[slot]! += score;
  }

  /** The `limit` best, highest score first (ties: lower ordinal first). */
  top(limit: number): Array<{ ord: number; score: number }> {
    const best: Array<{ ord: number; score: number }> = [];
    if (limit <= 0) return best;
    // Whether `entry` ranks below (ord, score).
    const below = (entry: { ord: number; score: number }, ord: number, score: number) => entry.score < score || (entry.score === score && entry.ord > ord);
    for (let index = 0; index < this.size; index += 1) {
      const slot = this.used[index]!;
      const ord = this.ords[slot]!;
      const score = this.scores[slot]!;
      if (best.length === limit && !below(best[limit - 1]!, ord, score)) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      while (at > 0 && below(best[at - 1]!, ord, score)) {
        best[at] = best[at - 1]!;
        at -= 1;
      }
      best[at] = { ord, score };
    }
    return best;
  }
}
