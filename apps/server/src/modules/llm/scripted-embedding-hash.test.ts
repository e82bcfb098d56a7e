import { hash32 } from '@agent-platform/scripted-llm';
import { describe, expect, it } from 'vitest';

/** FNV-1a as the scripted server first computed it: over the bytes Node encodes the text into. */
function fnv1aOfUtf8(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (const byte of Buffer.from(text, 'utf8')) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h;
}

/** A fixed sequence of strings of any UTF-16 code units, lone surrogates included. */
function codeUnitStrings(count: number): string[] {
  let state = 20_261_127;
  const next = () => (state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) >>> 0);
  return Array.from({ length: count }, () => String.fromCharCode(...Array.from({ length: next() % 9 }, () => next() % 0x10000)));
}

describe('the scripted embedding server’s feature hash', () => {
  it('is FNV-1a over the UTF-8 bytes, so embeddings stay what they were', () => {
    const samples = ['', 'a', '长城', '𠀋字', 'é€😀', 'x\ud800y', '\udc00', 'z\udbff', '长城\u0000万里', ...codeUnitStrings(5_000)];
    for (const seed of [undefined, 0x9747b28c]) {
      expect(samples.map((text) => hash32(text, seed))).toEqual(samples.map((text) => fnv1aOfUtf8(text, seed)));
    }
  });
});
