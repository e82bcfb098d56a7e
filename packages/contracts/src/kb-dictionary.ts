import { z } from 'zod';
import { id } from './fields.js';

/**
 * User dictionaries: words the word segmenter (jieba) does not know — names, product names, jargon —
 * that should stay one word in documents and questions. One per knowledge base, and one for the whole
 * platform (administrators) that every knowledge base also uses.
 */
export const KB_DICTIONARY_LIMITS = { words: 2000, wordLength: 32 } as const;

const PUNCTUATION_ONLY = /^[\p{P}\p{S}]+$/u;

/** Trimmed, NFKC-normalised and lower-cased (as the segmenter sees text), duplicates dropped. */
export const normalizeDictionaryWord = (word: string) => word.normalize('NFKC').trim().toLowerCase();

const dictionaryWord = z
  .string({ error: '词条必须是文本' })
  .transform(normalizeDictionaryWord)
  .pipe(
    z
      .string()
      .min(2, '词条至少 2 个字符')
      .max(KB_DICTIONARY_LIMITS.wordLength, `词条不能超过 ${KB_DICTIONARY_LIMITS.wordLength} 个字符`)
      .refine((word) => !/\s/.test(word), '词条不能包含空格或换行')
      .refine((word) => !PUNCTUATION_ONLY.test(word), '词条不能只由标点符号组成'),
  );

export const dictionaryWords = z
  .array(dictionaryWord, { error: '词条必须是数组' })
  .max(KB_DICTIONARY_LIMITS.words, `最多 ${KB_DICTIONARY_LIMITS.words} 个词条`)
  .transform((words) => [...new Set(words)]);

export const updateKbDictionaryBody = z.object({ kb_id: id('知识库 id'), words: dictionaryWords });
export type UpdateKbDictionaryBody = z.infer<typeof updateKbDictionaryBody>;

export const updatePlatformDictionaryBody = z.object({ words: dictionaryWords });
export type UpdatePlatformDictionaryBody = z.infer<typeof updatePlatformDictionaryBody>;

/** `/kb/get_dictionary`: the knowledge base's own words and the platform's, which apply too. */
export interface KbDictionary {
  kb_id: string;
  words: string[];
  platform_words: string[];
  /** The knowledge base's documents were indexed with other words: re-index to apply. */
  needs_reindex: boolean;
}

/** `/kb/get_platform_dictionary` and its update (administrators). */
export interface PlatformDictionary {
  words: string[];
  updated_at: string | null;
  /** On update: knowledge bases with documents now marked for re-indexing. */
  marked_for_reindex?: number;
}
