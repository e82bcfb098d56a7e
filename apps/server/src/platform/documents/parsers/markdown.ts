import type { Block } from '../types.js';
import { decodeText, tableToText } from '../text-decode.js';
import type { ParserResult } from './parser.js';

const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** Markdown: `#` headings, paragraphs, fenced code kept whole (a `#` inside is not a heading), pipe tables. */
export function markdownToBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    const text = paragraph.join('\n').trim();
    if (text) blocks.push({ kind: 'text', text });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const code = [line];
      while (++i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!)) code.push(lines[i]!);
      code.push(fence[1]!);
      blocks.push({ kind: 'text', text: code.join('\n') });
      continue;
    }
    const heading = ATX_HEADING.exec(line);
    if (heading) {
      flush();
      if (heading[2]) blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2] });
    } else if (TABLE_ROW.test(line) && TABLE_RULE.test(lines[i + 1] ?? '')) {
      flush();
      const rows = [cells(line)];
      for (i += 2; i < lines.length && TABLE_ROW.test(lines[i]!); i++) rows.push(cells(lines[i]!));
      i--;
      const text = tableToText(rows);
      if (text) blocks.push({ kind: 'table', text });
    } else if (!line.trim()) {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

export async function parseMarkdown(bytes: Uint8Array): Promise<ParserResult> {
  return { blocks: markdownToBlocks(decodeText(bytes)) };
}
