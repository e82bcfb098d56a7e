import { createRequire } from 'node:module';
import { ROOT } from './servers.js';

/** A deterministic generator (mulberry32): the same seed gives the same corpus on every run. */
export function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Vocabulary {
  words: string[];
  /** Cumulative weights for sampling by frequency. */
  cumulative: Float64Array;
}

/**
 * Words of jieba's own dictionary with their frequencies (Chinese words of 1–4 characters), so the text
 * has the word-frequency curve of real Chinese and jieba splits it as it splits real text.
 */
function loadVocabulary(): Vocabulary {
  const require = createRequire(`${ROOT}/apps/server/package.json`);
  const { dict } = require('@node-rs/jieba/dict.js') as { dict: Uint8Array };
  const words: string[] = [];
  const weights: number[] = [];
  for (const line of Buffer.from(dict).toString('utf8').split('\n')) {
    const [word, freq, tag] = line.split(' ');
    const count = Number(freq);
    if (!word || !/^\p{Script=Han}{1,4}$/u.test(word) || !(count >= 20) || tag === 'nr' || tag === 'ns') continue;
    words.push(word);
    weights.push(count);
  }
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((weight, index) => (cumulative[index] = sum += weight));
  return { words, cumulative };
}

let vocabulary: Vocabulary | undefined;

function pickWord(random: () => number): string {
  vocabulary ??= loadVocabulary();
  const { words, cumulative } = vocabulary;
  const target = random() * cumulative[cumulative.length - 1]!;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return words[low]!;
}

const between = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** A sentence of 6–24 words with a comma or two, ending in 。, ？ or ！; most words from the document's topic. */
function sentence(random: () => number, topic: string[]): string {
  const count = between(random, 6, 24);
  let text = '';
  for (let index = 0; index < count; index += 1) {
    text += random() < 0.4 ? topic[Math.floor(random() * topic.length)]! : pickWord(random);
    if (index > 2 && index < count - 2 && random() < 0.12) text += '，';
  }
  const end = random();
  return text + (end < 0.9 ? '。' : end < 0.96 ? '？' : '！');
}

/** A paragraph of 3–7 sentences (about 60–250 characters). */
const paragraph = (random: () => number, topic: string[]) => Array.from({ length: between(random, 3, 7) }, () => sentence(random, topic)).join('');

export interface CorpusDocument {
  name: string;
  text: string;
}

/** Document `index` of the corpus: a title line and `paragraphs` paragraphs separated by blank lines. */
export function corpusDocument(index: number, paragraphs: number): CorpusDocument {
  const random = randomFrom(1_000_003 * (index + 1));
  // A document keeps returning to a few hundred words of its own, as real documents stay on their subject.
  const topic = Array.from({ length: 300 }, () => pickWord(random));
  const title = topic.slice(0, 3).join('');
  const body = Array.from({ length: paragraphs }, () => paragraph(random, topic)).join('\n\n');
  return { name: `文档${String(index + 1).padStart(5, '0')}-${title}.txt`, text: `${title}\n\n${body}\n` };
}

/** Search queries: two to four words taken from a random sentence of a random document, as a user would ask. */
export function corpusQueries(count: number, documents: number, paragraphs: number, seed = 7): string[] {
  const random = randomFrom(seed);
  return Array.from({ length: count }, () => {
    const doc = corpusDocument(Math.floor(random() * documents), paragraphs).text;
    const sentences = doc.split(/[。？！\n]/).filter((text) => text.length > 12);
    const chosen = sentences[Math.floor(random() * sentences.length)] ?? doc.slice(0, 20);
    const start = Math.floor(random() * Math.max(1, chosen.length - 10));
    return chosen.slice(start, start + between(random, 5, 10)).replace(/，/g, '');
  });
}
