import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import type { OpenedFile } from './files.service.js';
import { contentDisposition, DEFAULT_MIME, mayShowInline } from './mime.js';

/**
 * Streams a stored file as the answer. The type comes from our record (from the extension), sniffing
 * is off, and anything a browser could run (HTML, SVG …) is always a download.
 */
export async function sendFile(reply: FastifyReply, file: OpenedFile): Promise<void> {
  const body = await file.open();
  const mime = file.entry.mime ?? DEFAULT_MIME;
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': mime,
    ...(file.entry.size !== null ? { 'content-length': String(file.entry.size) } : {}),
    'content-disposition': contentDisposition(mayShowInline(mime) ? 'inline' : 'attachment', file.entry.name),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });
  await pipeline(body, reply.raw).catch((error: unknown) => reply.log.info({ err: error }, 'file download interrupted'));
}
