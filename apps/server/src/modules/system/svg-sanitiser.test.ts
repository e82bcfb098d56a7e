import { describe, expect, it } from 'vitest';
import { normaliseLogo } from './logo.js';
import { sanitiseSvg } from './svg-sanitiser.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const dataUrl = (type: string, content: string | Buffer) => `data:${type};base64,${Buffer.from(content).toString('base64')}`;
const svgOf = (url: string) => Buffer.from(url.split(',')[1]!, 'base64').toString('utf8');

describe('the SVG logo sanitiser', () => {
  it('keeps shapes, gradients, text and local references as they were', () => {
    const source = `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 64 64"><defs><linearGradient id="g"><stop offset="0" stop-color="#4f7cff"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="url(#g)"/><use xlink:href="#g"/><text x="4" y="40">平台 &amp; 标志</text></svg>`;
    expect(sanitiseSvg(source)).toBe(source);
  });

  it('removes <script> elements with their content, in any case and nesting', () => {
    const clean = sanitiseSvg(`<svg ${NS}><script>alert(1)</script><g><script type="text/javascript"><![CDATA[fetch('/x')]]></script><circle r="4"/></g><SCRIPT>alert(2)</SCRIPT></svg>`);
    expect(clean).toBe(`<svg ${NS}><g><circle r="4"/></g></svg>`);
  });

  it('removes event handlers such as onload and onclick', () => {
    const clean = sanitiseSvg(
      `<svg ${NS} onload="alert(1)"><rect OnClick="alert(2)" onmouseover='x()' width="4"/><image href="data:image/png;base64,iVBORw0KGgo=" onerror="alert(3)"/></svg>`,
    );
    expect(clean).toBe(`<svg ${NS}><rect width="4"/><image href="data:image/png;base64,iVBORw0KGgo="/></svg>`);
  });

  it('removes external references: links, images, url(…) outside the document, xml:base, javascript: in any spelling', () => {
    const clean = sanitiseSvg(
      `<svg ${NS} xml:base="http://evil.example/"><use href="http://evil.example/sprite.svg#a"/><use xlink:href="//evil.example/x.svg#b"/>` +
        `<image href="https://evil.example/track.png"/><rect fill="url(https://evil.example/p.svg#p)" stroke="url(#ok)" style="fill: url('http://evil.example/x')"/>` +
        `<a href="javascript:alert(1)"><circle r="1"/></a><use href="java&#x09;script:alert(1)"/><foreignObject><iframe src="https://evil.example"/></foreignObject>` +
        `<style>@import url(https://evil.example/a.css);</style><animate attributeName="href" to="javascript:alert(1)"/></svg>`,
    );
    expect(clean).toBe(`<svg ${NS}><use/><use/><image/><rect stroke="url(#ok)"/><use/></svg>`);
    expect(clean).not.toMatch(/evil|javascript|script|style|foreignObject/i);
  });

  it('puts the SVG namespace on the root whatever it said, and escapes what it writes', () => {
    expect(sanitiseSvg('<svg viewBox="0 0 1 1"><title>a &lt;b&gt; "c"</title></svg>')).toBe(`<svg ${NS} viewBox="0 0 1 1"><title>a &lt;b&gt; "c"</title></svg>`);
    expect(sanitiseSvg(`<svg xmlns="http://evil.example/ns"><desc>x</desc></svg>`)).toBe(`<svg ${NS}><desc>x</desc></svg>`);
    expect(sanitiseSvg(`<?xml version="1.0"?><!-- note --><svg ${NS}><g fill='a"b'/></svg>`)).toBe(`<svg ${NS}><g fill="a&quot;b"/></svg>`);
  });

  it('answers null when there is no <svg> root', () => {
    expect(sanitiseSvg('<html><body>hi</body></html>')).toBeNull();
    expect(sanitiseSvg('not markup at all')).toBeNull();
    expect(sanitiseSvg('')).toBeNull();
  });
});

describe('the logo as stored', () => {
  it('stores an SVG sanitised, and PNG or JPEG as they are', () => {
    const stored = normaliseLogo(dataUrl('image/svg+xml', `<svg ${NS} onload="alert(1)"><script>alert(2)</script><rect width="1"/></svg>`));
    expect(svgOf(stored!)).toBe(`<svg ${NS}><rect width="1"/></svg>`);
    const png = dataUrl('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
    expect(normaliseLogo(png)).toBe(png);
    const jpeg = dataUrl('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
    expect(normaliseLogo(jpeg)).toBe(jpeg);
    expect(normaliseLogo(null)).toBeNull();
    expect(normaliseLogo('')).toBe('');
  });

  it('refuses other types, content that is not what it says, more than 512 KB and SVG without a root', () => {
    const refusal = (value: string) => {
      try {
        normaliseLogo(value);
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal('https://evil.example/logo.png')).toBe('Logo 必须是 PNG、JPEG 或 SVG 图片');
    expect(refusal(dataUrl('image/gif', 'GIF89a'))).toBe('Logo 必须是 PNG、JPEG 或 SVG 图片');
    expect(refusal(dataUrl('text/html', '<script>alert(1)</script>'))).toBe('Logo 必须是 PNG、JPEG 或 SVG 图片');
    expect(refusal(dataUrl('image/png', '<svg></svg>'))).toBe('Logo 的内容不是 PNG 图片');
    expect(refusal(dataUrl('image/jpeg', Buffer.from([0x89, 0x50, 0x4e, 0x47])))).toBe('Logo 的内容不是 JPEG 图片');
    expect(refusal(dataUrl('image/png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(512 * 1024)])))).toBe('Logo 不能超过 512 KB');
    expect(refusal(dataUrl('image/svg+xml', '<html>no</html>'))).toBe('Logo 不是有效的 SVG 图片');
    expect(refusal('data:image/svg+xml;base64,')).toBe('Logo 图片是空的');
  });
});
