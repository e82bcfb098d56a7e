/*
 * User dictionaries (a knowledge base's words and the platform's). jieba's own user dictionary
 * (`Jieba.loadDict`) is process-wide and cannot unload a word: one instance per knowledge base would cost
 * ~37 MB and ~420 ms each (measured), and words loaded for one knowledge base would change how another's
 * documents are cut. So user words are matched before jieba instead: the longest user word starting at
 * a position is kept whole (what a jieba user word with a high frequency does), the text between them is
 * cut by the shared jieba. See docs/decisions/user-dictionaries.md.
 */

const ASCII_WORD_CHAR = /[a-z0-9]/;

/** A compiled set of user words; `key` names the set (equal sets, equal keys). */
export interface UserWords {
  readonly key: string;
  readonly words: string[];
  /** The longest user word starting at `at` in `text`, if any. */
  longestAt(text: string, at: number): string | undefined;
}

function compile(words: string[]): UserWords {
  const byFirst = new Map<string, string[]>();
  for (const word of words) byFirst.set(word[0]!, [...(byFirst.get(word[0]!) ?? []), word]);
  for (const list of byFirst.values()) list.sort((a, b) => b.length - a.length);
  // A Latin word matches whole words only: `ab` is not found inside `abc`.
  const boundaryOk = (text: string, start: number, end: number) =>
    !(ASCII_WORD_CHAR.test(text[start] ?? '') && ASCII_WORD_CHAR.test(text[start - 1] ?? '')) && !(ASCII_WORD_CHAR.test(text[end - 1] ?? '') && ASCII_WORD_CHAR.test(text[end] ?? ''));
  return {
    key: words.join('\n'),
    words,
    longestAt(text, at) {
      const candidates = byFirst.get(text[at]!);
      return candidates?.find((word) => text.startsWith(word, at) && boundaryOk(text, at, at + word.length));
    },
  };
}

const compiled = new Map<string, UserWords>();
const MAX_COMPILED = 64;

/** The user words of the given lists together (normalised as the contract stores them); undefined when there are none. */
export function userWordsOf(...lists: string[][]): UserWords | undefined {
  const words = [...new Set(lists.flat())].sort();
  if (words.length === 0) return undefined;
  const key = words.join('\n');
  let found = compiled.get(key);
  if (found) {
    compiled.delete(key);
  } else {
    found = compile(words);
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  }
  compiled.set(key, found);
  return found;
}
