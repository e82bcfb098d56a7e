/*
 * What a text is indexed under for full-text search: its words, and terms beyond jieba's words so that
 * names and codes jieba does not know still match. A name jieba does not know is cut into single
 * characters in a passage, and often joined with its neighbour into an unknown word in a question
 * (「<名>字什么」): both sides then share character bigrams.
 */

const HAN_CHAR = /^\p{Script=Han}$/u;

/** What a segment is embedded and indexed as: its headings, then its text. */
export const indexedText = (headings: string[], text: string) => [...headings, text].join('\n');

/** Bigrams of runs of single Han characters (`毕 昇` → `毕昇`): what jieba left of a name it does not know. */
export function runBigramsOf(words: string[]): string[] {
  const bigrams: string[] = [];
  for (let index = 1; index < words.length; index += 1) {
    const [previous, current] = [words[index - 1]!, words[index]!];
    if (HAN_CHAR.test(previous) && HAN_CHAR.test(current)) bigrams.push(previous + current);
  }
  return bigrams;
}

/** Character bigrams of a word of three characters or more (for a query word no segment holds). */
export function bigramsOf(word: string): string[] {
  const chars = Array.from(word);
  if (chars.length < 3) return [];
  return [...new Set(chars.slice(0, -1).map((char, index) => char + chars[index + 1]))];
}

/**
 * A segment's index terms, once per occurrence: its words (a user word with a space in it counts as its
 * parts, since the index separates terms by spaces), then the bigrams of its runs of single characters.
 */
export function indexTermsOf(words: string[]): string[] {
  const terms: string[] = [];
  for (const word of words) {
    if (!word.includes(' ')) terms.push(word);
    else for (const part of word.split(' ')) if (part !== '') terms.push(part);
  }
  for (const bigram of runBigramsOf(words)) terms.push(bigram);
  return terms;
}
