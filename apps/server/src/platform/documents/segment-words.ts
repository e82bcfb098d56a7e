import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Jieba } from '@node-rs/jieba';
import { STOP_WORDS } from './stop-words.js';
import type { UserWords } from './user-words.js';

let jieba: Jieba | undefined;

/**
 * `@node-rs/jieba/dict.js` reads dict.txt and idf.txt (11 MB, the latter unused here) when imported and
 * keeps both for the life of the process, in every thread that imports it. Read here on first use, the
 * dictionary is dropped once jieba has built its own from it (docs/decisions/pglite-memory.md).
 */
function loadJieba(): Jieba {
  const dictFile = createRequire(import.meta.url).resolve('@node-rs/jieba/dict.txt');
  return Jieba.withDict(fs.readFileSync(dictFile));
}

const NOT_A_WORD = /^[\p{P}\p{S}\p{Z}\p{C}\s]*$/u;

function cut(text: string): string[] {
  // Loading the dictionary takes a moment: once per process, on first use.
  jieba ??= loadJieba();
  return text === '' ? [] : jieba.cutForSearch(text, true);
}

/** A user word, then the longer words jieba finds inside it (so `张三丰` also matches a question about `三丰`). */
function userWordTokens(word: string): string[] {
  return [word, ...cut(word).filter((inner) => inner !== word && inner.length >= 2)];
}

/** Text cut by jieba, with the user words found in it kept whole. */
function cutWithUserWords(text: string, userWords: UserWords): string[] {
  const tokens: string[] = [];
  let gapStart = 0;
  for (let at = 0; at < text.length;) {
    const word = userWords.longestAt(text, at);
    if (!word) {
      at += 1;
      continue;
    }
    tokens.push(...cut(text.slice(gapStart, at)), ...userWordTokens(word));
    at += word.length;
    gapStart = at;
  }
  tokens.push(...cut(text.slice(gapStart)));
  return tokens;
}

/**
 * jieba search-mode tokens for full-text indexing and queries: lower-cased, NFKC-normalised, punctuation,
 * whitespace and common Chinese/English stop words dropped. With `userWords` (a knowledge base's and the
 * platform's dictionary), those words stay whole. Deterministic.
 */
export function segmentWords(text: string, userWords?: UserWords): string[] {
  const normalized = text.normalize('NFKC').toLowerCase();
  return (userWords ? cutWithUserWords(normalized, userWords) : cut(normalized)).map((token) => token.trim()).filter((token) => !NOT_A_WORD.test(token) && !STOP_WORDS.has(token));
}
