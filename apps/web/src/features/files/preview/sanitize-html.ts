/** What a Word document's HTML (mammoth's output) may keep: structure and text, nothing that runs. */
const ALLOWED_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  'a',
  'img',
  'blockquote',
  'pre',
  'code',
  'span',
  'div',
  'figure',
  'figcaption',
]);
/** Removed with everything inside them (their content is code, styling or a foreign document). */
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'noscript',
  'noembed',
  'textarea',
  'select',
  'option',
  'title',
  'head',
  'meta',
  'link',
  'base',
  'form',
  'input',
  'button',
]);
const LINK = /^(?:https?:|mailto:)/i;
/** Images: only those embedded in the document (never fetched from elsewhere: no tracking, no leaks). */
const EMBEDDED_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]*$/i;
const SAFE_ID = /^[a-z][\w-]{0,80}$/i;
/** Ids from the document get a prefix, so they cannot clash with (or clobber) anything of the page's. */
const ID_PREFIX = 'doc-';

/** Browsers ignore control characters and spaces inside a URL's scheme (`java\tscript:`): so do we. */
const compact = (url: string) => [...url].filter((char) => char > ' ' && char !== '\u007f').join('');

function keepAttribute(tag: string, name: string, value: string): string | null {
  switch (name) {
    case 'href': {
      const url = compact(value);
      if (tag !== 'a') return null;
      if (url.startsWith('#')) return SAFE_ID.test(url.slice(1)) ? `#${ID_PREFIX}${url.slice(1)}` : null;
      return LINK.test(url) ? url : null;
    }
    case 'src':
      return tag === 'img' && EMBEDDED_IMAGE.test(value.trim()) ? value.trim() : null;
    case 'id':
      return SAFE_ID.test(value) ? `${ID_PREFIX}${value}` : null;
    case 'colspan':
    case 'rowspan':
      return /^\d{1,3}$/.test(value) ? value : null;
    case 'alt':
    case 'title':
      return value;
    default:
      return null;
  }
}

function cleanElement(element: Element, tag: string): void {
  for (const { name, value } of [...element.attributes]) {
    const kept = keepAttribute(tag, name.toLowerCase(), value);
    if (kept === null) element.removeAttribute(name);
    else if (kept !== value) element.setAttribute(name, kept);
  }
  const href = element.getAttribute('href');
  if (tag === 'a' && href && LINK.test(href)) {
    element.setAttribute('target', '_blank');
    element.setAttribute('rel', 'noopener noreferrer');
  }
}

function cleanChildren(parent: Element): void {
  for (const node of [...parent.childNodes]) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (node.nodeType !== Node.ELEMENT_NODE) {
      node.remove(); // comments, processing instructions, CDATA
      continue;
    }
    const element = node as Element;
    const tag = element.localName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) {
      element.remove();
      continue;
    }
    cleanChildren(element);
    if (ALLOWED_TAGS.has(tag)) cleanElement(element, tag);
    else element.replaceWith(...element.childNodes); // an unknown wrapper: keep its (cleaned) content
  }
}

/**
 * HTML from a document reduced to an allow-list of tags and attributes: no scripts, styles, event
 * handlers, frames or forms; links only to the web, mail or inside the document; images only embedded.
 * Parsed with DOMParser, which runs no script and loads no image while it parses.
 */
export function sanitizeDocumentHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}
