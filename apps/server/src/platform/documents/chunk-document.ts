import { STRENGTH, textUnits, type Unit } from './sentences.js';
import type { Block, ParsedDocument } from './types.js';

export interface Chunk {
  index: number;
  text: string;
  headings: string[];
}

export interface ChunkOptions {
  chunkSize: number;
  overlap: number;
  separators?: string[];
}

interface Section {
  headings: string[];
  blocks: Block[];
}

/** Runs of blocks under one heading path; a heading with nothing under it and no sub-heading stays as its own section. */
function sections(blocks: Block[]): Section[] {
  const result: Section[] = [];
  const path: { level: number; text: string }[] = [];
  let current: Section | undefined;
  for (const block of blocks) {
    if (block.kind === 'heading') {
      while (path.length && path[path.length - 1]!.level >= block.level) path.pop();
      path.push({ level: block.level, text: block.text });
      current = { headings: path.map((h) => h.text), blocks: [] };
      result.push(current);
    } else {
      if (!current) {
        current = { headings: [], blocks: [] };
        result.push(current);
      }
      current.blocks.push(block);
    }
  }
  return result.filter((section, i) => {
    if (section.blocks.length) return true;
    const next = result[i + 1];
    const isParent = next && next.headings.length > section.headings.length && section.headings.every((h, j) => next.headings[j] === h);
    return !isParent;
  });
}

function units(section: Section, separators: string[], limit: number): Unit[] {
  return section.blocks.flatMap((block) => {
    // Table rows are the sentences of a table.
    const blockUnits = textUnits(block.text, block.kind === 'table' ? ['\n'] : separators, limit);
    return blockUnits.map((unit, i) => (i === 0 ? { ...unit, joiner: '\n', strength: STRENGTH.block } : unit));
  });
}

/** Packs units into pieces of at most `budget` characters, ending each at the strongest break in its second half. */
function pack(list: Unit[], budget: number, overlap: number): string[] {
  // Running totals, so the length of any run of units (joiners inside it included) is a subtraction.
  const texts = [0];
  const joiners = [0];
  list.forEach((u, i) => {
    texts.push(texts[i]! + u.text.length);
    joiners.push(joiners[i]! + u.joiner.length);
  });
  const size = (from: number, to: number) => (to <= from ? 0 : texts[to]! - texts[from]! + joiners[to]! - joiners[from + 1]!);
  const pieces: string[] = [];
  let start = 0;
  while (start < list.length) {
    let end = start + 1;
    while (end < list.length && size(start, end + 1) <= budget) end++;
    if (end < list.length) {
      let best = end;
      for (let k = end - 1; k > start && size(start, k) >= budget / 2; k--) if (list[k]!.strength > list[best]!.strength) best = k;
      end = best;
    }
    pieces.push(
      list
        .slice(start, end)
        .map((u, i) => (i ? u.joiner : '') + u.text)
        .join('')
        .trim(),
    );
    if (end >= list.length) break;
    // Carry whole trailing units (at most `overlap` characters) into the next piece, leaving it room to move on.
    let next = end;
    while (next - 1 > start && size(next - 1, end) <= overlap) next--;
    while (next < end && size(next, end + 1) > budget) next++;
    start = next;
  }
  return pieces.filter(Boolean);
}

/**
 * Splits into chunks of about chunkSize characters with `overlap` characters carried over; breaks at the
 * given separators first, then Chinese/English sentence punctuation, never mid-sentence unless a sentence
 * alone exceeds chunkSize; a heading stays with the text under it (its path prefixes the chunk text).
 */
export function chunkDocument(doc: ParsedDocument, options: ChunkOptions): Chunk[] {
  const { chunkSize, overlap, separators = ['\n\n'] } = options;
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new RangeError('chunkSize must be a positive integer');
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= chunkSize) throw new RangeError('overlap must be an integer in [0, chunkSize)');
  const chunks: Chunk[] = [];
  for (const section of sections(doc.blocks)) {
    const prefix = section.headings.length ? `${section.headings.join(' > ')}\n` : '';
    const budget = Math.max(chunkSize - prefix.length, Math.ceil(chunkSize / 2));
    const pieces = section.blocks.length ? pack(units(section, separators.filter(Boolean), budget), budget, overlap) : [''];
    for (const piece of pieces) chunks.push({ index: chunks.length, text: (prefix + piece).trim(), headings: section.headings });
  }
  return chunks;
}
