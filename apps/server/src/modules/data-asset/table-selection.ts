import type { AssetTableStructure, VerifiedQuery } from '@agent-platform/contracts';
import { segmentWords } from '../../platform/documents/index.js';

/** Up to this many tables the model sees them all; beyond, the best-ranked ones. */
export const ALL_TABLES_UP_TO = 20;
export const SELECTED_TABLES = 8;
export const EXAMPLES_SHOWN = 3;
// BM25 parameters: the usual ones (as the knowledge base's full text uses).
const K1 = 1.2;
const B = 0.75;

/** Words of a text, identifiers split at `_` so `order_amount` matches 订单 notes and `amount` alike. */
const wordsOf = (text: string) => segmentWords(text.replace(/[_.]/g, ' '));

/** Everything the model could know a table by: its name, comment, notes, synonyms and its columns'. */
function tableText(table: AssetTableStructure): string {
  const columns = table.columns.flatMap((column) => [column.name, column.comment, column.note?.description ?? '', ...(column.note?.synonyms ?? []), column.note?.code_meanings ?? '']);
  return [table.name, table.comment, table.description, ...table.synonyms, ...columns].join(' ');
}

/** BM25 of each document (as words) for the query's words. */
export function bm25Scores(documents: string[][], query: string[]): number[] {
  const count = documents.length;
  const averageLength = documents.reduce((sum, words) => sum + words.length, 0) / Math.max(count, 1) || 1;
  const frequencies = documents.map((words) => {
    const tf = new Map<string, number>();
    for (const word of words) tf.set(word, (tf.get(word) ?? 0) + 1);
    return tf;
  });
  const terms = [...new Set(query)];
  const idf = new Map(
    terms.map((term) => {
      const containing = frequencies.filter((tf) => tf.has(term)).length;
      return [term, Math.log(1 + (count - containing + 0.5) / (containing + 0.5))];
    }),
  );
  return frequencies.map((tf, index) => {
    const length = documents[index]!.length;
    return terms.reduce((score, term) => {
      const f = tf.get(term) ?? 0;
      return f === 0 ? score : score + (idf.get(term) ?? 0) * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * length) / averageLength)));
    }, 0);
  });
}

/** The tables ranked for a question, best first (ties keep the asset's order). */
export function rankTables(tables: AssetTableStructure[], question: string): AssetTableStructure[] {
  const scores = bm25Scores(
    tables.map((table) => wordsOf(tableText(table))),
    wordsOf(question),
  );
  return tables
    .map((table, index) => ({ table, score: scores[index]!, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.table);
}

/**
 * What the model sees of a large asset: the best-ranked tables for the question, and the tables their
 * foreign keys name (the joins it will need) while room remains. A small asset is shown whole.
 */
export function selectTables(tables: AssetTableStructure[], question: string): AssetTableStructure[] {
  if (tables.length <= ALL_TABLES_UP_TO) return tables;
  const chosen = rankTables(tables, question).slice(0, SELECTED_TABLES);
  const names = new Set(chosen.map((table) => table.name));
  for (const table of [...chosen]) {
    for (const key of table.foreign_keys) {
      const partner = tables.find((candidate) => candidate.name === key.ref_table);
      if (partner && !names.has(partner.name) && chosen.length < SELECTED_TABLES * 1.5) {
        names.add(partner.name);
        chosen.push(partner);
      }
    }
  }
  return chosen;
}

/** The verified question–SQL pairs closest to the question, as examples for the model. */
export function closestExamples(pairs: VerifiedQuery[], question: string): VerifiedQuery[] {
  if (pairs.length <= EXAMPLES_SHOWN) return pairs;
  const scores = bm25Scores(
    pairs.map((pair) => wordsOf(pair.question)),
    wordsOf(question),
  );
  return pairs
    .map((pair, index) => ({ pair, score: scores[index]! }))
    .sort((a, b) => b.score - a.score)
    .slice(0, EXAMPLES_SHOWN)
    .map((entry) => entry.pair);
}
