/**
 * Scores summed by segment ordinal, then the best few: an open-addressing table on typed arrays, since a
 * search adds up to one score per posting of its terms (100,000 and more at scale), where a `Map` is
 * several times slower.
 */
export class TopScores {
  private readonly ords: Int32Array;
  private readonly scores: Float64Array;
  private readonly mask: number;

  /** `expected`: at most how many ordinals will be added. */
  constructor(expected: number) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.ords = new Int32Array(capacity).fill(-1);
    this.scores = new Float64Array(capacity);
    this.mask = capacity - 1;
  }

  add(ord: number, score: number): void {
    let slot = Math.imul(ord, 0x9e3779b1) & this.mask;
    while (this.ords[slot] !== ord && this.ords[slot] !== -1) slot = (slot + 1) & this.mask;
    this.ords[slot] = ord;
    this.scores[slot]! += score;
  }

  /** The `limit` best, highest score first (ties: lower ordinal first). */
  top(limit: number): Array<{ ord: number; score: number }> {
    const best: Array<{ ord: number; score: number }> = [];
    if (limit <= 0) return best;
    const worse = (a: { ord: number; score: number }, b: { ord: number; score: number }) => a.score < b.score || (a.score === b.score && a.ord > b.ord);
    for (let slot = 0; slot < this.ords.length; slot += 1) {
      const ord = this.ords[slot]!;
      if (ord === -1) continue;
      const entry = { ord, score: this.scores[slot]! };
      if (best.length === limit && !worse(best[best.length - 1]!, entry)) continue;
      let index = best.length === limit ? best.length - 1 : best.length;
      while (index > 0 && worse(best[index - 1]!, entry)) {
        best[index] = best[index - 1]!;
        index -= 1;
      }
      best[index] = entry;
    }
    return best;
  }
}
