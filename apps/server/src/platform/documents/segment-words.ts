import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { STOP_WORDS } from './stop-words.js';

let jieba: Jieba | undefined;

const NOT_A_WORD = /^[\p{P}\p{S}\p{Z}\p{C}\s]*$/u;

/**
 * jieba search-mode tokens for full-text indexing and queries: lower-cased, NFKC-normalised, punctuation,
 * whitespace and common Chinese/English stop words dropped. Deterministic.
 */
export function segmentWords(text: string): string[] {
  // Loading the dictionary takes a moment: once per process, on first use.
  jieba ??= Jieba.withDict(dict);
  return jieba
    .cutForSearch(text.normalize('NFKC').toLowerCase(), true)
    .map((token) => token.trim())
    .filter((token) => !NOT_A_WORD.test(token) && !STOP_WORDS.has(token));
}
