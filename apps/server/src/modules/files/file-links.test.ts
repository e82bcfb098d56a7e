import { describe, expect, it } from 'vitest';
import { createFileLinks } from './file-links.js';
import { contentDisposition } from '../../platform/http/index.js';
import { mayShowInline, mimeOf } from './mime.js';

const FILE = '0b7e3c8a-1f2d-4c5b-9a6e-123456789abc';

describe('file links', () => {
  const links = createFileLinks(Buffer.alloc(32, 3));
  const expiresAt = new Date(Date.now() + 3600_000);

  it('verify accepts what sign made, for the same purpose, until it expires', () => {
    const token = links.sign('share', { fileId: FILE, expiresAt });
    expect(token.length).toBeLessThanOrEqual(100);
    expect(token).not.toMatch(/[0-9a-f]{64}/);
    expect(links.verify('share', token)).toEqual({ fileId: FILE, expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000) });
    expect(links.verify('signed', token)).toBeUndefined();
    expect(links.verify('share', token, new Date(expiresAt.getTime() + 1000))).toBeUndefined();
  });

  it('refuses tampered, foreign and malformed tokens', () => {
    const token = links.sign('signed', { fileId: FILE, expiresAt });
    const [id, expiry, mac] = token.split('.') as [string, string, string];
    const later = (parseInt(expiry, 36) + 3600).toString(36);
    for (const bad of [`${id}.${later}.${mac}`, `${id.replace('0b7e', '0b7f')}.${expiry}.${mac}`, `${id}.${expiry}.${mac.slice(1)}`, '', 'a.b.c', `${id}.${expiry}`]) {
      expect(links.verify('signed', bad)).toBeUndefined();
    }
    expect(createFileLinks(Buffer.alloc(32, 4)).verify('signed', token)).toBeUndefined();
  });
});

describe('content types and dispositions', () => {
  it('takes the type from the extension only, and never shows markup inline', () => {
    expect(mimeOf('报告.PDF')).toBe('application/pdf');
    expect(mimeOf('noext')).toBe('application/octet-stream');
    expect(mimeOf('.bashrc')).toBe('application/octet-stream');
    expect(['image/png', 'application/pdf', 'video/mp4', 'audio/mpeg', 'text/plain', 'text/markdown'].every(mayShowInline)).toBe(true);
    expect(['text/html', 'image/svg+xml', 'application/xml', 'application/octet-stream', 'text/javascript'].some(mayShowInline)).toBe(false);
  });

  it('writes an RFC 5987 filename with an ASCII fallback that cannot break the header', () => {
    expect(contentDisposition('attachment', '季度 报告"1".pdf')).toBe(`attachment; filename="__ ___1_.pdf"; filename*=UTF-8''%E5%AD%A3%E5%BA%A6%20%E6%8A%A5%E5%91%8A%221%22.pdf`);
    expect(contentDisposition('inline', "it's (1).txt")).toBe(`inline; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`);
  });
});
