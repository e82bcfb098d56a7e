import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badInput, type UploadPart, type UploadParts } from '../../core/index.js';

export interface MultipartLimits {
  /** Largest file (bytes); a bigger one arrives truncated, not refused: the service decides. */
  fileSize: number;
  /** Most files in one request. */
  files: number;
}

/**
 * Multipart bodies for the calls named in `uploadUrls`; any other call refuses them as it refuses every
 * non-JSON body. They are streamed part by part, so `bodyLimit` (which Fastify applies only to buffered
 * bodies) does not cut them.
 */
export async function installMultipart(app: FastifyInstance, limits: MultipartLimits, uploadUrls: string[]): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: limits.fileSize, files: limits.files, fields: 50, fieldSize: 64 * 1024, parts: limits.files + 50 },
    throwFileSizeLimit: false,
  });
  const accepted = new Set(uploadUrls);
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !accepted.has(request.routeOptions.url ?? '')) throw badInput('不支持的请求内容类型，请使用 application/json');
  });
}

async function* partsOf(request: FastifyRequest): AsyncGenerator<UploadPart> {
  for await (const part of request.parts()) {
    if (part.type === 'field') yield { kind: 'field', name: part.fieldname, value: String(part.value) };
    else yield { kind: 'file', field: part.fieldname, fileName: part.filename, content: part.file };
  }
}

/**
 * Hands a multipart request to `receive` as plain parts. When `receive` refuses it midway, the rest of
 * the body is discarded so that the answer reaches the client.
 */
export async function withUploadParts<T>(request: FastifyRequest, receive: (parts: UploadParts) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw badInput('请使用 multipart/form-data 上传文件');
  try {
    return await receive(partsOf(request));
  } catch (error) {
    request.raw.unpipe();
    request.raw.resume();
    throw error;
  }
}
