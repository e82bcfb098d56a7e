import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';
import { safeUrl } from './markdown-plugins';

function renderMarkdown(text: string): HTMLElement {
  return render(<Markdown>{text}</Markdown>).container;
}

/** Every attribute of every element: nothing may run code or point at a script URL. */
function dangerousAttributes(root: HTMLElement): string[] {
  return [...root.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes]
      .filter((attribute) => /^on/i.test(attribute.name) || /^\s*(javascript|vbscript|data):/i.test(attribute.value))
      .map((attribute) => `<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value}">`),
  );
}

describe('Markdown: model output is rendered inert', () => {
  it('shows <img onerror> as text, never as an image', () => {
    const root = renderMarkdown('看图：<img src=x onerror=alert(1)>');
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(dangerousAttributes(root)).toEqual([]);
  });

  it('shows <script> as text and runs nothing', () => {
    const root = renderMarkdown('前文\n\n<script>window.__pwned = 1</script>\n\n后文');
    expect(root.querySelector('script')).toBeNull();
    expect(root.textContent).toContain('<script>window.__pwned = 1</script>');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('drops javascript:, data: and relative link targets but keeps the link text', () => {
    const root = renderMarkdown('[x](javascript:alert(1)) [y](JAVASCRIPT:alert(2)) [z](data:text/html,<b>1</b>) [w](/admin)');
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expect(root.textContent).toContain('x');
    expect(root.textContent).toContain('w');
    expect(dangerousAttributes(root)).toEqual([]);
  });

  it('opens http(s) and mailto links in a new tab without an opener', () => {
    const root = renderMarkdown('[文档](https://example.com/doc) 与 <mailto:a@example.com> 以及 https://example.org/auto');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/doc', 'mailto:a@example.com', 'https://example.org/auto']);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('never loads an image: an http(s) image becomes a link, any other is dropped', () => {
    const root = renderMarkdown('![图表](https://example.com/chart.png) ![坏](javascript:alert(1)) ![数据](data:image/png;base64,AAAA)');
    expect(root.querySelector('img')).toBeNull();
    expect([...root.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['https://example.com/chart.png']);
    expect(root.textContent).toContain('坏');
    expect(dangerousAttributes(root)).toEqual([]);
  });

  it('highlights fenced code by class names only, and renders GFM tables', () => {
    const root = renderMarkdown('```ts\nconst answer: number = 42; // <b>x</b>\n```\n\n| 列 A | 列 B |\n| --- | --- |\n| 1 | 2 |');
    const code = root.querySelector('pre code');
    expect(code?.classList.contains('hljs')).toBe(true);
    expect(code?.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(code?.querySelector('b')).toBeNull();
    expect(code?.textContent).toBe('const answer: number = 42; // <b>x</b>\n');
    expect(root.querySelectorAll('table td')).toHaveLength(2);
  });
});

describe('safeUrl', () => {
  it('allows absolute http(s) and mailto links and http(s) images only', () => {
    expect(safeUrl('https://a.example/x?y=1', 'href')).toBe('https://a.example/x?y=1');
    expect(safeUrl(' mailto:a@b.c ', 'href')).toBe('mailto:a@b.c');
    expect(safeUrl('mailto:a@b.c', 'src')).toBeNull();
    expect(safeUrl('java\nscript:alert(1)', 'href')).toBeNull();
    expect(safeUrl('//evil.example/x', 'href')).toBeNull();
    expect(safeUrl('vbscript:x', 'href')).toBeNull();
  });
});
