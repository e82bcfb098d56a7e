import { PictureOutlined } from '@ant-design/icons';
import { useMemo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components, type ExtraProps, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CHAT_TEXT } from './constants';
import { CopyButton } from './CopyButton';
import styles from './Markdown.module.css';
import { rehypeCodeHighlight, safeUrl, textOf } from './markdown-plugins';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** A link opens in a new tab, without access to this page; a dropped (unsafe) target leaves the text. */
function Link({ href, children }: ComponentProps<'a'> & ExtraProps) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} {...NEW_TAB}>
      {children}
    </a>
  );
}

/** Images are never loaded by themselves (no tracking pixels, no leaks through URLs): a link instead. */
function ImageLink({ src, alt }: ComponentProps<'img'> & ExtraProps) {
  const label = alt || CHAT_TEXT.image;
  if (typeof src !== 'string' || !src) return <span>{label}</span>;
  return (
    <a href={src} {...NEW_TAB} className={styles.imageLink} title={CHAT_TEXT.openImage(alt ?? '')}>
      <PictureOutlined /> {label}
    </a>
  );
}

function CodeBlock({ node, children }: ComponentProps<'pre'> & ExtraProps) {
  const code = node?.children[0];
  const classes = code?.type === 'element' ? code.properties.className : undefined;
  const language = Array.isArray(classes) ? String(classes.find((name) => String(name).startsWith('language-')) ?? '').slice(9) : '';
  return (
    <div className={styles.codeBlock}>
      <div className={styles.codeHeader}>
        <span>{language || 'text'}</span>
        <CopyButton text={node ? textOf(node).replace(/\n$/, '') : ''} label={CHAT_TEXT.copyCode} />
      </div>
      <pre>{children}</pre>
    </div>
  );
}

const COMPONENTS: Components = { a: Link, img: ImageLink, pre: CodeBlock };
const REMARK_PLUGINS = [remarkGfm];
const REHYPE_PLUGINS = [rehypeCodeHighlight];

/** What a chat page adds to the shared rendering, e.g. citation markers as clickable badges. */
export interface MarkdownExtension {
  remarkPlugins?: NonNullable<Options['remarkPlugins']>;
  /** For elements the page's own plugins produce (raw HTML from the model is never rendered). */
  components?: Components;
}

/**
 * Model and tool output as Markdown, safely: raw HTML is shown as text (never rendered), links only
 * http(s)/mailto in a new tab, images only as links, code blocks highlighted by class names.
 */
export function Markdown({ children, extension }: { children: string; extension?: MarkdownExtension }) {
  const remarkPlugins = useMemo(() => [...REMARK_PLUGINS, ...(extension?.remarkPlugins ?? [])], [extension?.remarkPlugins]);
  const components = useMemo(() => ({ ...COMPONENTS, ...extension?.components }), [extension?.components]);
  return (
    <div className={styles.markdown}>
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={REHYPE_PLUGINS} components={components} urlTransform={safeUrl}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
