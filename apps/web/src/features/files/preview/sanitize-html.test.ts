import { describe, expect, it } from 'vitest';
import { sanitizeDocumentHtml } from './sanitize-html';

function parse(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = sanitizeDocumentHtml(html);
  return root;
}

describe('sanitizeDocumentHtml: a Word document cannot run anything', () => {
  it('keeps structure: headings, tables, lists, emphasis', () => {
    const root = parse('<h1>标题</h1><p><strong>粗体</strong><em>斜体</em></p><table><tr><td colspan="2">单元格</td></tr></table><ul><li>项</li></ul>');
    expect(root.querySelector('h1')?.textContent).toBe('标题');
    expect(root.querySelector('td')?.getAttribute('colspan')).toBe('2');
    expect(root.querySelector('li')?.textContent).toBe('项');
    expect(root.querySelector('strong')).not.toBeNull();
  });

  it('removes scripts, styles, frames, forms and event handlers', () => {
    const root = parse('<p onclick="alert(1)">文字</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><form><input></form><svg onload="alert(1)"></svg>');
    expect(root.querySelectorAll('script, style, iframe, form, input, svg')).toHaveLength(0);
    expect(root.querySelector('p')?.getAttribute('onclick')).toBeNull();
    expect(root.textContent).toBe('文字');
  });

  it('keeps only web, mail and in-document links; outside links open in a new tab without access back', () => {
    const root = parse('<a href="javascript:alert(1)">坏</a><a href="data:text/html,x">数据</a><a href="https://example.com">外</a><a href="#note-1">注</a><a href="mailto:a@b.cn">邮</a>');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([null, null, 'https://example.com', '#doc-note-1', 'mailto:a@b.cn']);
    expect(links[2]?.getAttribute('target')).toBe('_blank');
    expect(links[2]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[3]?.getAttribute('target')).toBeNull();
  });

  it('keeps embedded images only, never fetches one from elsewhere', () => {
    const root = parse('<img src="data:image/png;base64,iVBORw0KGgo=" alt="图"><img src="https://tracker.example/p.gif"><img src="data:image/svg+xml;base64,PHN2Zz4=">');
    const sources = [...root.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(sources).toEqual(['data:image/png;base64,iVBORw0KGgo=', null, null]);
  });

  it('drops target, style and unknown attributes, and prefixes ids so they cannot clash with the page', () => {
    const root = parse('<a href="#x" target="_top" style="color:red" data-x="1">a</a><p id="footnote-1">注</p><p id="a b">x</p>');
    const link = root.querySelector('a');
    expect(link?.getAttributeNames()).toEqual(['href']);
    expect(link?.getAttribute('href')).toBe('#doc-x');
    expect(root.querySelector('#doc-footnote-1')?.textContent).toBe('注');
    expect(root.querySelectorAll('[id]')).toHaveLength(1);
  });

  it('refuses schemes hidden with spaces or control characters, and unwraps unknown tags', () => {
    const root = parse('<a href=" java\tscript:alert(1)">x</a><a href="JaVaScRiPt:alert(1)">y</a><font color="red"><b>留下</b></font><!-- 注释 -->');
    expect([...root.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([null, null]);
    expect(root.querySelector('font')).toBeNull();
    expect(root.querySelector('b')?.textContent).toBe('留下');
    expect(root.innerHTML).not.toContain('注释');
  });
});
