import type { Block } from '../types.js';
import { checkZipArchive, readZipEntry, type ZipEntry } from '../zip-archive.js';
import type { ParserResult } from './parser.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e.startsWith('#') ? String.fromCodePoint(Number.parseInt(e.slice(e[1] === 'x' || e[1] === 'X' ? 2 : 1), e[1] === 'x' || e[1] === 'X' ? 16 : 10)) : ENTITIES[e.toLowerCase()]!,
  );

/** The text of each `<a:p>` paragraph (its `<a:t>` runs joined), empty ones dropped. */
function paragraphs(xml: string) {
  return [...xml.matchAll(/<a:p\b[\s\S]*?<\/a:p>/g)]
    .map(([p]) =>
      [...p.matchAll(/<a:t(?:\s[^>]*)?>([\s\S]*?)<\/a:t>/g)]
        .map((t) => decodeXml(t[1]!))
        .join('')
        .trim(),
    )
    .filter(Boolean);
}

const TITLE_SHAPE = /<p:sp\b(?:(?!<\/p:sp>)[\s\S])*?<p:ph\b[^>]*type="(?:title|ctrTitle)"[\s\S]*?<\/p:sp>/;

/** Slide paths in presentation order (presentation.xml → its relationships), else by slide number. */
function slideOrder(bytes: Uint8Array, byName: Map<string, ZipEntry>) {
  const text = (name: string) => {
    const entry = byName.get(name);
    return entry ? new TextDecoder().decode(readZipEntry(bytes, entry)) : '';
  };
  const targets = new Map(
    [...text('ppt/_rels/presentation.xml.rels').matchAll(/<Relationship\b[^>]*>/g)].map(([tag]) => [
      /\bId="([^"]+)"/.exec(tag)?.[1],
      /\bTarget="([^"]+)"/.exec(tag)?.[1]?.replace(/^\/?(ppt\/)?/, 'ppt/'),
    ]),
  );
  const ordered = [...text('ppt/presentation.xml').matchAll(/<p:sldId\b[^>]*\br:id="([^"]+)"/g)].map((m) => targets.get(m[1]));
  const slides = ordered.filter((name): name is string => !!name && byName.has(name));
  if (slides.length) return slides;
  const number = (name: string) => Number(/slide(\d+)\.xml$/.exec(name)?.[1]);
  return [...byName.keys()].filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name)).sort((a, b) => number(a) - number(b));
}

/** PowerPoint: each slide a heading (its title, or 第 N 页) followed by its text. */
export async function parsePptx(bytes: Uint8Array): Promise<ParserResult> {
  const byName = new Map(checkZipArchive(bytes).map((entry) => [entry.name, entry]));
  const slides = slideOrder(bytes, byName);
  const blocks: Block[] = [];
  slides.forEach((name, index) => {
    const xml = new TextDecoder().decode(readZipEntry(bytes, byName.get(name)!));
    const titleShape = TITLE_SHAPE.exec(xml)?.[0] ?? '';
    const title = paragraphs(titleShape).join(' ');
    const body = paragraphs(titleShape ? xml.replace(titleShape, '') : xml);
    if (!title && body.length === 0) return;
    blocks.push({ kind: 'heading', level: 1, text: title || `第 ${index + 1} 页` });
    if (body.length) blocks.push({ kind: 'text', text: body.join('\n') });
  });
  return { blocks, pages: slides.length };
}
