import { hash32, tokenize } from './text.js';

const SIGN_SEED = 0x9747b28c;

/** Tokens plus neighbouring pairs, so texts that share words or phrases get similar vectors. */
function features(text: string): string[] {
  const tokens = tokenize(text);
  const pairs = tokens.slice(1).map((token, index) => `${tokens[index]}\u0000${token}`);
  return [...tokens, ...pairs];
}

/**
 * A deterministic unit vector from the text (feature hashing): the same text always gives the same
 * vector, and texts sharing words have a higher cosine similarity than unrelated ones.
 */
export function embedText(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const found = features(text);
  for (const feature of found.length > 0 ? found : [`\u0000${text}`]) {
    const index = hash32(feature) % dimensions;
    vector[index] = (vector[index] ?? 0) + ((hash32(feature, SIGN_SEED) & 1) === 1 ? 1 : -1);
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

/** Share of the query's distinct tokens that the document contains, 0 … 1. */
export function overlapScore(query: string, document: string): number {
  const wanted = new Set(tokenize(query));
  if (wanted.size === 0) return 0;
  const present = new Set(tokenize(document));
  let shared = 0;
  for (const token of wanted) if (present.has(token)) shared += 1;
  return Math.round((shared / wanted.size) * 10_000) / 10_000;
}

/** The OpenAI SDKs may ask for base64: little-endian float32 bytes. */
export function toBase64(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}
