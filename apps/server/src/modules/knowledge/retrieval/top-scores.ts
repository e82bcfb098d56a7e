/**
 * Scores summed by segment ordinal, then the best few: an open-addressing table on typed arrays, since a
 * search adds up to one score per posting of its terms (100,000 and more at scale), where a `Map` is
 * several times slower.
 */
export class TopScores {
  private readonly ords: Int32Array;
  private readonly scores: Float64Array;
  private readonly mask: number;
  /** The slots in use, in the order first used: `top` visits only these. */
  private readonly used: Int32Array;
  private size = 0;

  /** `expected`: at most how many ordinals will be added. */
  constructor(expected: number) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.ords = new Int32Array(capacity).fill(-1);
    this.scores = new Float64Array(capacity);
    this.mask = capacity - 1;
    this.used = new Int32Array(capacity);
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
