import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { createLowlight } from 'lowlight';

/** Links in model output: absolute http(s) and mailto only; anything else loses its target. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
/** Images: absolute http(s) only (and they are shown as links, never loaded by themselves). */
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

function allowed(url: string, protocols: Set<string>): boolean {
  try {
    return protocols.has(new URL(url.trim()).protocol);
  } catch {
    return false; // relative or malformed: there is no page of ours a model should point into
  }
}

/** react-markdown's `urlTransform`: keeps safe URLs as they are, drops the rest. */
export function safeUrl(url: string, key: string): string | null {
  return allowed(url, key === 'src' ? IMAGE_PROTOCOLS : LINK_PROTOCOLS) ? url.trim() : null;
}

const lowlight = createLowlight({ bash, css, go, java, javascript, json, python, sql, typescript, xml, yaml });

/** The plain text of a hast node (a code block's source). */
export function textOf(node: Root | RootContent | ElementContent): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map((child) => textOf(child)).join('') : '';
}

function codeLanguage(code: Element): string | null {
  const classes = code.properties.className;
  if (!Array.isArray(classes)) return null;
  const name = classes.map(String).find((value) => value.startsWith('language-'));
  return name ? name.slice('language-'.length).toLowerCase() : null;
}

function highlightCode(code: Element): void {
  const language = codeLanguage(code);
  if (!language || !lowlight.registered(language)) return;
  try {
    const tree = lowlight.highlight(language, textOf(code));
    code.children = tree.children as ElementContent[];
    code.properties.className = [...(code.properties.className as string[]), 'hljs'];
  } catch {
    // a grammar failed on odd input: the block stays plain text
  }
}

function walk(node: Root | Element): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const first = child.children[0];
    if (child.tagName === 'pre' && first?.type === 'element' && first.tagName === 'code') highlightCode(first);
    else walk(child);
  }
}

/** A rehype plugin: highlights fenced code blocks of a few common languages (class names only, no HTML). */
export function rehypeCodeHighlight() {
  return (tree: Root) => walk(tree);
}
