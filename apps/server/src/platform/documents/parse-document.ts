import { detectFormat } from './detect-format.js';
import { parseCsv } from './parsers/csv.js';
import { parseDocx } from './parsers/docx.js';
import { parseHtml } from './parsers/html.js';
import { parseImage } from './parsers/image.js';
import { parseMarkdown } from './parsers/markdown.js';
import type { Parser } from './parsers/parser.js';
import { parsePdf } from './parsers/pdf.js';
import { parsePptx } from './parsers/pptx.js';
import { parseJson, parseText } from './parsers/text.js';
import { parseXlsx } from './parsers/xlsx.js';
import { DocumentRejected, REJECT, type Block, type DocumentFormat, type ParsedDocument } from './types.js';

const PARSERS: Record<DocumentFormat, Parser> = {
  pdf: parsePdf,
  docx: parseDocx,
  xlsx: parseXlsx,
  csv: parseCsv,
  pptx: parsePptx,
  md: parseMarkdown,
  txt: parseText,
  html: parseHtml,
  json: parseJson,
  image: parseImage,
};

// Kangxi radicals and CJK compatibility ideographs (⽂ for 文, as Chromium's PDFs give): NFKC maps them to
// the usual characters. Only these: NFKC on everything would also turn Chinese punctuation (，) into ASCII.
const CJK_COMPATIBILITY = /[\u2e80-\u2fdf\uf900-\ufaff]|[\u{2f800}-\u{2fa1f}]/gu;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g;

function cleanText(text: string) {
  return text
    .replace(CJK_COMPATIBILITY, (c) => c.normalize('NFKC'))
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function cleanBlocks(blocks: Block[]): Block[] {
  return blocks.flatMap((block): Block[] => {
    if (block.kind === 'heading') {
      const text = cleanText(block.text).replace(/\s+/g, ' ');
      return text ? [{ kind: 'heading', level: Math.min(Math.max(Math.round(block.level), 1), 6), text }] : [];
    }
    const text = cleanText(block.text);
    return text ? [{ ...block, text }] : [];
  });
}

/** Parses a file into headings, text and tables; refuses what it cannot read with a Chinese reason. */
export async function parseDocument(input: { bytes: Uint8Array; fileName: string }, options: { signal?: AbortSignal } = {}): Promise<ParsedDocument> {
  const { signal } = options;
  signal?.throwIfAborted();
  const format = detectFormat(input.fileName, input.bytes);
  let parsed;
  try {
    parsed = await PARSERS[format](input.bytes);
  } catch (error) {
    signal?.throwIfAborted();
    if (error instanceof DocumentRejected) throw error;
    throw new DocumentRejected(REJECT.corrupt, { cause: error });
  }
  signal?.throwIfAborted();
  const blocks = cleanBlocks(parsed.blocks);
  if (blocks.length === 0) throw new DocumentRejected(format === 'pdf' ? REJECT.scannedPdf : REJECT.noText);
  return parsed.pages === undefined ? { format, blocks } : { format, blocks, pages: parsed.pages };
}
