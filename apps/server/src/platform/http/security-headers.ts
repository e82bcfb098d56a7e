import type { FastifyInstance } from 'fastify';

/** The web app's pages that other sites may show in a frame (an agent's chat for embedding). */
const FRAMABLE_PREFIX = '/embed/';

/**
 * What the web app needs and nothing more: its own scripts (no inline script; WebAssembly for the PDF
 * preview), inline styles (antd writes its CSS-in-JS into `<style>` tags), images from anywhere over
 * HTTPS (avatars and logos are URLs users set), blobs for previews, and calls to its own origin.
 */
const POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

export const CONTENT_SECURITY_POLICY = [...POLICY, "frame-ancestors 'none'"].join('; ');
export const EMBED_CONTENT_SECURITY_POLICY = [...POLICY, 'frame-ancestors *'].join('; ');

/** Security headers on every answer, pages and API alike; HSTS only when the request came over HTTPS. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const framable = request.url.startsWith(FRAMABLE_PREFIX);
    reply.header('content-security-policy', framable ? EMBED_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
    if (!framable) reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
}
