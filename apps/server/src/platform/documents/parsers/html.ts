import { HTMLElement, TextNode, parse, type Node } from 'node-html-parser';
import type { Block } from '../types.js';
import { decodeText, tableToText } from '../text-decode.js';
import type { ParserResult } from './parser.js';

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'iframe', 'object', 'button', 'select']);
const BLOCK_LEVEL = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'section',
  'ul',
  'body',
  'html',
  'caption',
]);

const collapse = (text: string) => text.replace(/[ \t\r\n\f\u00a0]+/g, ' ');

/** HTML (a web page, or mammoth's rendering of a DOCX) to blocks: h1–h6 headings, tables, paragraphs. */
export function htmlToBlocks(html: string): Block[] {
  const root = parse(html.replace(/<!doctype[^>]*>/gi, ''), { comment: false, blockTextElements: { script: false, style: false, noscript: false } });
  const blocks: Block[] = [];
  let inline = '';
  const flush = () => {
    const text = inline
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join('\n');
    if (text) blocks.push({ kind: 'text', text });
    inline = '';
  };
  const walk = (node: Node) => {
    if (node instanceof TextNode) {
      inline += collapse(node.text);
      return;
    }
    if (!(node instanceof HTMLElement)) return;
    const tag = (node.tagName ?? '').toLowerCase();
    if (SKIPPED.has(tag)) return;
    const heading = /^h([1-6])$/.exec(tag);
    if (heading) {
      flush();
      const text = collapse(node.text).trim();
      if (text) blocks.push({ kind: 'heading', level: Number(heading[1]), text });
    } else if (tag === 'table') {
      flush();
      const rows = node.querySelectorAll('tr').map((tr) => tr.childNodes.filter((c): c is HTMLElement => c instanceof HTMLElement && /^t[hd]$/i.test(c.tagName)).map((c) => c.text));
      const text = tableToText(rows);
      if (text) blocks.push({ kind: 'table', text });
    } else if (tag === 'pre') {
      flush();
      const text = node.text.replace(/^\n+|\s+$/g, '');
      if (text) blocks.push({ kind: 'text', text });
    } else if (tag === 'br') {
      inline += '\n';
    } else if (BLOCK_LEVEL.has(tag)) {
      flush();
      if (tag === 'li') inline += '- ';
      node.childNodes.forEach(walk);
      flush();
    } else {
      node.childNodes.forEach(walk);
    }
  };
  root.childNodes.forEach(walk);
  flush();
  return blocks;
}

export async function parseHtml(bytes: Uint8Array): Promise<ParserResult> {
  return { blocks: htmlToBlocks(decodeText(bytes)) };
}
