import type { Root, RootContent, Text } from 'mdast';

/** `[1]`, and the full-width `【1】` Chinese models often write instead. */
const MARKER = /[[【](\d{1,3})[\]】]/g;

export type CitationPart = string | { index: number };

/**
 * Splits plain text into text and citation markers: `见 [1][2]。` → `['见 ', {index:1}, {index:2}, '。']`.
 * Only numbers from 1 to `count` are citations (a model may write `[0]` or cite a source it was never
 * given); anything else stays text.
 */
export function splitCitations(text: string, count: number): CitationPart[] {
  const parts: CitationPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const index = Number(match[1]);
    if (index < 1 || index > count) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ index });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** Numbers of the sources an answer cites, in order of first mention, each once. */
export function citedIndexes(text: string, count: number): number[] {
  const seen = new Set<number>();
  for (const part of splitCitations(text, count)) if (typeof part !== 'string') seen.add(part.index);
  return [...seen];
}

/** Where markers are never looked for: code is code, and a link's text is already a link. */
const OPAQUE = new Set(['code', 'inlineCode', 'link', 'linkReference', 'definition', 'html']);

type Parent = Extract<Root | RootContent, { children: unknown }>;

function citationNode(index: number): RootContent {
  // Rendered as `<cite data-index="n">`: an element raw HTML from the model can never produce (it is shown as text).
  return { type: 'text', value: `[${index}]`, data: { hName: 'cite', hProperties: { dataIndex: index }, hChildren: [{ type: 'text', value: String(index) }] } } as Text;
}

function transform(parent: Parent, count: number): void {
  const children: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    if (child.type === 'text') {
      for (const part of splitCitations(child.value, count)) children.push(typeof part === 'string' ? { type: 'text', value: part } : citationNode(part.index));
      continue;
    }
    if ('children' in child && !OPAQUE.has(child.type)) transform(child, count);
    children.push(child);
  }
  (parent as { children: RootContent[] }).children = children;
}

/** A remark plugin: citation markers in an answer's text become `<cite>` elements (not inside code or links). */
export function remarkCitations(options: { count: number }) {
  return (tree: Root) => transform(tree, options.count);
}
