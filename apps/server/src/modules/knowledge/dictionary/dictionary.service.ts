import type { KbDictionary, PlatformDictionary, UpdateKbDictionaryBody } from '@agent-platform/contracts';
import type { Viewer } from '../../../core/index.js';
import type { SharedCache } from '../../../platform/cache/index.js';
import { userWordsOf, type UserWords } from '../../../platform/documents/index.js';
import { withTransaction, type Db } from '../../../platform/db/index.js';
import { getEditableKb, getVisibleKb } from '../knowledge-access.js';
import { findKbListRow, updateKb } from '../knowledge.repo.js';
import * as repo from './dictionary.repo.js';

const sameWords = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

export type DictionaryService = ReturnType<typeof createDictionaryService>;

/** What ingestion and search need: the user words a knowledge base's text is cut with. */
export type UserWordsOfKb = (kb: { dictionary: string[] }) => Promise<UserWords | undefined>;

/**
 * User dictionaries: a knowledge base's own words and the platform's. Both apply when documents are
 * indexed and when questions are cut; a change marks knowledge bases holding documents for re-indexing
 * (their segments were cut with the old words).
 */
export function createDictionaryService({ db, platformCache }: { db: Db; platformCache: SharedCache<string[]> }) {
  const platformWords = () => platformCache.find('platform', async () => (await repo.readPlatformDictionary(db)).words);

  const userWordsOfKb: UserWordsOfKb = async (kb) => userWordsOf(await platformWords(), kb.dictionary);

  return {
    userWordsOfKb,

    async getKbDictionary(viewer: Viewer, kbId: string): Promise<KbDictionary> {
      const kb = await getVisibleKb(db, viewer, kbId);
      return { kb_id: kb.id, words: kb.dictionary, platform_words: await platformWords(), needs_reindex: kb.needsReindex };
    },

    async updateKbDictionary(viewer: Viewer, { kb_id, words }: UpdateKbDictionaryBody): Promise<KbDictionary> {
      const kb = await getEditableKb(db, viewer, kb_id);
      const changed = !sameWords(words, kb.dictionary);
      const hasDocuments = changed && ((await findKbListRow(db, kb.id))?.docCount ?? 0) > 0;
      const row = changed ? await updateKb(db, kb.id, { dictionary: words, needsReindex: hasDocuments ? true : undefined }) : kb;
      return { kb_id: kb.id, words: row?.dictionary ?? words, platform_words: await platformWords(), needs_reindex: row?.needsReindex ?? kb.needsReindex };
    },

    async getPlatformDictionary(): Promise<PlatformDictionary> {
      const { words, updatedAt } = await repo.readPlatformDictionary(db);
      return { words, updated_at: updatedAt?.toISOString() ?? null };
    },

    async updatePlatformDictionary(words: string[]): Promise<PlatformDictionary> {
      const current = await repo.readPlatformDictionary(db);
      if (sameWords(words, current.words)) return { words: current.words, updated_at: current.updatedAt?.toISOString() ?? null, marked_for_reindex: 0 };
      const { updatedAt, marked } = await withTransaction(db, async (tx) => ({
        updatedAt: await repo.writePlatformDictionary(tx, words),
        marked: await repo.markKbsWithDocumentsForReindex(tx),
      }));
      await platformCache.evict('platform');
      return { words, updated_at: updatedAt.toISOString(), marked_for_reindex: marked };
    },
  };
}
