import { HTMLElement, TextNode, parse, type Node } from 'node-html-parser';

/**
 * What an SVG logo may contain: shapes, text, gradients, clips, masks and a few filters. Anything
 * else (script, style, foreignObject, a, animate, set, iframe, …) is dropped with its content.
 */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'image',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
  'feDropShadow',
]);
const TEXT_ELEMENTS = new Set(['text', 'tspan', 'textPath', 'title', 'desc']);
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);
/** Raster images embedded in the logo itself; never an address to fetch. */
const EMBEDDED_IMAGE = /^data:image\/(png|jpeg);base64,[a-z0-9+/=\s]*$/i;
const ATTRIBUTE_NAME = /^[a-zA-Z][a-zA-Z0-9:_.-]*$/;
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
/** Browsers ignore control characters and white space inside a scheme (`java\tscript:`). */
const squeezed = (value: string) => value.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();

/** Every `url(…)` in a value points inside the document (`url(#id)`). */
function onlyLocalUrls(value: string): boolean {
  for (const match of value.matchAll(/url\(\s*(['"]?)\s*([^'")]*)/gi)) {
    if (!match[2]!.trim().startsWith('#')) return false;
  }
  return true;
}

function keepAttribute(element: string, name: string, value: string): boolean {
  if (!ATTRIBUTE_NAME.test(name)) return false;
  const lower = name.toLowerCase();
  // Event handlers (onload, onclick, …) run script; xml:base would turn local references external.
  if (lower.startsWith('on') || lower === 'xml:base') return false;
  if (lower === 'xmlns' || lower.startsWith('xmlns:')) return true;
  const flat = squeezed(value);
  if (['javascript:', 'vbscript:', '@import', 'expression(', 'image-set('].some((danger) => flat.includes(danger))) return false;
  if (LINK_ATTRIBUTES.has(lower)) return value.trim().startsWith('#') || (element === 'image' && EMBEDDED_IMAGE.test(value.trim()));
  return onlyLocalUrls(value);
}

function serialise(node: Node, parent: string): string {
  if (node instanceof TextNode) return TEXT_ELEMENTS.has(parent) ? escapeText(node.text) : '';
  if (!(node instanceof HTMLElement)) return '';
  const name = node.rawTagName;
  if (!ELEMENTS.has(name)) return '';
  const isRoot = parent === '';
  const kept = Object.entries(node.attributes).filter(([key, value]) => keepAttribute(name, key, value) && !(isRoot && key === 'xmlns'));
  // An SVG shown as an image needs its namespace; the root gets the right one whatever it said.
  const attributes = (isRoot ? [['xmlns', SVG_NAMESPACE], ...kept] : kept).map(([key, value]) => ` ${key}="${escapeAttribute(value!)}"`).join('');
  const children = node.childNodes.map((child) => serialise(child, name)).join('');
  return children ? `<${name}${attributes}>${children}</${name}>` : `<${name}${attributes}/>`;
}

/**
 * Rebuilds an SVG from what it is allowed to hold: no scripts, no event handlers, no references
 * outside the document (links, `url(…)`, `xml:base`), no styles or foreign content. The output is
 * written here, element by element, so nothing the parser did not understand passes through.
 * Answers null when the text has no `<svg>` root.
 */
export function sanitiseSvg(source: string): string | null {
  const root = parse(source, { lowerCaseTagName: false, comment: false, preserveTagNesting: true, blockTextElements: { script: true, style: true } });
  const svg = root.childNodes.find((node): node is HTMLElement => node instanceof HTMLElement);
  if (!svg || svg.rawTagName !== 'svg') return null;
  return serialise(svg, '');
}
