/** A piece of text that chunking never splits, and how strongly a chunk may end just before it. */
export interface Unit {
  text: string;
  /** What joins it to the unit before it in the same chunk. */
  joiner: string;
  /** Higher is a better place to end a chunk: block > separators (in order) > sentence > forced cut. */
  strength: number;
}

export const STRENGTH = { block: 1000, sentence: 1, cut: 0 } as const;
const separatorStrength = (index: number) => 500 - index;

const SENTENCE_END = new Set(['。', '！', '？', '；', '…', '!', '?', ';', '\n']);
const CLOSERS = new Set(['”', '’', '」', '』', '）', ')', '】', '》', '"', "'", ']']);
/** A period ends an English sentence before a space or a Chinese character, not in 3.14 or example.com. */
const AFTER_PERIOD = /[\s\u3000-\u9fff]/;
const SOFT_BREAK = /[，,、：:\s]/;

/** Sentences with their end punctuation and following closers attached. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const ends = SENTENCE_END.has(ch) || (ch === '.' && (i + 1 === text.length || AFTER_PERIOD.test(text[i + 1]!)));
    if (!ends) continue;
    let j = i + 1;
    while (j < text.length && (SENTENCE_END.has(text[j]!) || CLOSERS.has(text[j]!) || text[j] === ' ' || text[j] === '\t')) j++;
    sentences.push(text.slice(start, j));
    start = j;
    i = j - 1;
  }
  if (start < text.length) sentences.push(text.slice(start));
  return sentences;
}

/** Cuts a sentence longer than `limit`: at a comma or space in the second half if there is one, never inside a surrogate pair. */
export function cutLongSentence(sentence: string, limit: number): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > limit) {
    let cut = limit;
    for (let i = limit - 1; i >= Math.ceil(limit / 2); i--) {
      if (SOFT_BREAK.test(rest[i]!)) {
        cut = i + 1;
        break;
      }
    }
    const code = rest.charCodeAt(cut - 1);
    if (cut > 1 && code >= 0xd800 && code <= 0xdbff) cut--;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** Units of one block's text: split at the separators in order, then into sentences, then cut to `limit`. */
export function textUnits(text: string, separators: string[], limit: number, depth = 0): Unit[] {
  const separator = separators[depth];
  if (separator !== undefined) {
    return text
      .split(separator)
      .flatMap((part, i) => textUnits(part, separators, limit, depth + 1).map((unit, j) => (i > 0 && j === 0 ? { ...unit, joiner: separator, strength: separatorStrength(depth) } : unit)));
  }
  const units: Unit[] = [];
  for (const sentence of splitSentences(text)) {
    cutLongSentence(sentence, limit).forEach((piece, i) => {
      units.push({ text: piece, joiner: '', strength: i === 0 ? STRENGTH.sentence : STRENGTH.cut });
    });
  }
  return units.filter((u) => u.text.trim());
}
