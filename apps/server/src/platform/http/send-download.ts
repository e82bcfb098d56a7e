import { pipeline } from 'node:stream/promises';
import { ENVELOPE_CODES } from '@agent-platform/contracts';
import type { FastifyReply } from 'fastify';
import type { Download, DownloadSink } from '../../core/index.js';
import { parseByteRange } from './byte-range.js';
import { fail } from './envelope.js';

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 / 5987), with an ASCII fallback. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * A download streamed as the answer, sniffing off and never cached. A `Range` request on a seekable
 * download (a video or audio player seeking) gets those bytes only, as `206 Partial Content`.
 */
export const downloadSink =
  (reply: FastifyReply): DownloadSink =>
  (download) =>
    sendDownload(reply, download);

async function sendDownload(reply: FastifyReply, download: Download): Promise<void> {
  const { size } = download;
  const range = download.seekable && size !== null ? parseByteRange(reply.request.headers.range, size) : undefined;
  if (range === 'unsatisfiable') {
    reply.hijack();
    reply.raw.writeHead(416, { ...(reply.getHeaders() as Record<string, string>), 'content-type': 'application/json; charset=utf-8', 'content-range': `bytes */${size}` });
    reply.raw.end(JSON.stringify(fail(ENVELOPE_CODES.BAD_INPUT, '请求的字节范围超出了文件大小')));
    return;
  }
  const body = await download.open(range);
  const length = range ? range.end - range.start + 1 : size;
  reply.hijack();
  reply.raw.writeHead(range ? 206 : 200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': download.mime,
    ...(length !== null ? { 'content-length': String(length) } : {}),
    ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${size}` } : {}),
    ...(download.seekable ? { 'accept-ranges': 'bytes' } : {}),
    'content-disposition': contentDisposition(download.disposition, download.name),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });
  await pipeline(body, reply.raw).catch((error: unknown) => reply.log.info({ err: error, download: download.name }, 'download interrupted'));
}
