import type { StructuredTextItem } from 'unpdf';
import type { Block } from '../types.js';
import { DocumentRejected, REJECT } from '../types.js';
import type { ParserResult } from './parser.js';

interface Line {
  text: string;
  size: number;
}

const SENTENCE_END = /[。！？；…!?;:：]$/;
const CJK = /[\u3000-\u9fff\uf900-\ufaff]/;

function pageLines(items: StructuredTextItem[]): Line[] {
  const lines: Line[] = [];
  let current: Line = { text: '', size: 0 };
  const flush = () => {
    if (current.text.trim()) lines.push({ text: current.text.trim(), size: current.size });
    current = { text: '', size: 0 };
  };
  for (const item of items) {
    current.text += item.str;
    if (item.str.trim()) current.size = Math.max(current.size, Math.round(item.fontSize * 10) / 10);
    if (item.hasEOL) flush();
  }
  flush();
  return lines;
}

/** The font size that carries the most characters: the body text. */
function bodySize(lines: Line[]) {
  const weight = new Map<number, number>();
  for (const line of lines) weight.set(line.size, (weight.get(line.size) ?? 0) + line.text.length);
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

const isHeading = (line: Line, body: number) => line.size >= body * 1.2 && line.text.length <= 60 && !SENTENCE_END.test(line.text);

/** Wrapped lines of one paragraph are joined: no space between Chinese characters. */
function joinLines(lines: string[]) {
  return lines.reduce((text, line) => {
    if (!text) return line;
    if (SENTENCE_END.test(text)) return `${text}\n${line}`;
    return CJK.test(text.slice(-1)) || CJK.test(line[0] ?? '') ? text + line : `${text} ${line}`;
  }, '');
}

/** PDF text by page; lines in a clearly larger font than the body become headings (largest = level 1). */
export async function parsePdf(bytes: Uint8Array): Promise<ParserResult> {
  // Loaded on first use: pdf.js is large, and most workers and processes never see a PDF.
  const { extractTextItems, getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js may take ownership of the buffer: give it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    if ((error as { name?: string }).name === 'PasswordException') throw new DocumentRejected(REJECT.encrypted, { cause: error });
    throw new DocumentRejected(REJECT.corrupt, { cause: error });
  }
  try {
    const { totalPages, items } = await extractTextItems(pdf);
    const pages = items.map(pageLines);
    const body = bodySize(pages.flat());
    const headingSizes = [
      ...new Set(
        pages
          .flat()
          .filter((l) => isHeading(l, body))
          .map((l) => l.size),
      ),
    ].sort((a, b) => b - a);
    const blocks: Block[] = [];
    for (const lines of pages) {
      let paragraph: string[] = [];
      const flush = () => {
        if (paragraph.length) blocks.push({ kind: 'text', text: joinLines(paragraph) });
        paragraph = [];
      };
      for (const line of lines) {
        if (isHeading(line, body)) {
          flush();
          blocks.push({ kind: 'heading', level: Math.min(headingSizes.indexOf(line.size) + 1, 6), text: line.text });
        } else {
          paragraph.push(line.text);
        }
      }
      flush();
    }
    return { blocks, pages: totalPages };
  } finally {
    await pdf.destroy();
  }
}
