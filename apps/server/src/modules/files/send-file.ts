import { pipeline } from 'node:stream/promises';
import { ENVELOPE_CODES } from '@agent-platform/contracts';
import type { FastifyReply } from 'fastify';
import { fail } from '../../platform/http/index.js';
import { parseByteRange } from './byte-range.js';
import type { OpenedFile } from './files.service.js';
import { contentDisposition, DEFAULT_MIME, mayShowInline } from './mime.js';

/**
 * Streams a stored file as the answer. The type comes from our record (from the extension), sniffing
 * is off, and anything a browser could run (HTML, SVG …) is always a download. A `Range` request
 * (a video or audio player seeking) gets those bytes only, as `206 Partial Content`.
 */
export async function sendFile(reply: FastifyReply, file: OpenedFile): Promise<void> {
  const size = file.entry.size;
  const range = size !== null ? parseByteRange(reply.request.headers.range, size) : undefined;
  if (range === 'unsatisfiable') {
    reply.hijack();
    reply.raw.writeHead(416, { ...(reply.getHeaders() as Record<string, string>), 'content-type': 'application/json; charset=utf-8', 'content-range': `bytes */${size}` });
    reply.raw.end(JSON.stringify(fail(ENVELOPE_CODES.BAD_INPUT, '请求的字节范围超出了文件大小')));
    return;
  }
  const body = await file.open(range);
  const mime = file.entry.mime ?? DEFAULT_MIME;
  const length = range ? range.end - range.start + 1 : size;
  reply.hijack();
  reply.raw.writeHead(range ? 206 : 200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': mime,
    ...(length !== null ? { 'content-length': String(length) } : {}),
    ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${size}` } : {}),
    'accept-ranges': 'bytes',
    'content-disposition': contentDisposition(mayShowInline(mime) ? 'inline' : 'attachment', file.entry.name),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });
  await pipeline(body, reply.raw).catch((error: unknown) => reply.log.info({ err: error }, 'file download interrupted'));
}
