import {
  commonUploadFields,
  deleteFilesBody,
  downloadFileBody,
  fileIdBody,
  listFilesBody,
  mkdirBody,
  moveFilesBody,
  shareFileBody,
  uploadFilesFields,
  type CommonUploadResult,
  type MediaUrl,
  type UploadFilesResult,
} from '@agent-platform/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badInput, parseInput } from '../../core/index.js';
import { downloadSink, route, withUploadParts } from '../../platform/http/index.js';
import type { FileService } from './files.service.js';
import { sendFile, sendFolder } from './send-file.js';

const linkParams = z.object({ token: z.string().max(200) });

const MEDIA_URL_TTL_SECONDS = 6 * 3600;

/** Where links point: the configured public address, else the request's own (its Host header). */
const originFor = (publicUrl: string | undefined) => (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;

/** The file manager, uploads, and the links that work without a session. */
export function fileRoutes(app: FastifyInstance, files: FileService, signedUrlTtlSeconds: number, publicUrl?: string): void {
  const originOf = originFor(publicUrl);
  route(app, { url: '/kb/files/list', access: 'user', body: listFilesBody, handler: ({ user, body }) => files.listFiles(user, 'private', body) });
  route(app, { url: '/kb/files/list_public', access: 'user', body: listFilesBody, handler: ({ user, body }) => files.listFiles(user, 'public', body) });
  route(app, { url: '/kb/files/mkdir', access: 'user', body: mkdirBody, handler: ({ user, body }) => files.mkdir(user, body) });
  route(app, { url: '/kb/files/move', access: 'user', body: moveFilesBody, handler: ({ user, body }) => files.moveFiles(user, body) });
  route(app, {
    url: '/kb/files/delete',
    access: 'user',
    body: deleteFilesBody,
    handler: async ({ user, body }) => {
      await files.deleteFiles(user, body.ids);
      return null;
    },
  });
  route(app, {
    url: '/kb/files/share',
    access: 'user',
    body: shareFileBody,
    handler: ({ user, body, request }) => files.shareFile(user, body, originOf(request)),
  });
  route(app, {
    url: '/kb/files/detail',
    access: 'user',
    body: fileIdBody,
    handler: ({ user, body, request }) => files.getDetail(user, body.file_id, originOf(request)),
  });
  route(app, {
    url: '/kb/files/download',
    access: 'user',
    body: downloadFileBody,
    handler: async ({ user, body, reply }) => sendFile(downloadSink(reply), await files.openForViewer(user, body.file_id)),
  });
  route(app, {
    url: '/kb/files/download_folder',
    access: 'user',
    body: fileIdBody,
    handler: async ({ user, body, reply }) => sendFolder(downloadSink(reply), await files.openFolder(user, body.file_id)),
  });
  route(app, {
    url: '/kb/files/media_url',
    access: 'user',
    body: fileIdBody,
    handler: async ({ user, body, request }): Promise<MediaUrl> => {
      const opened = await files.openForViewer(user, body.file_id);
      // A player fetches the file itself (no session header), seeking with Range requests.
      const signed = files.signedUrl(opened.entry.id, MEDIA_URL_TTL_SECONDS, originOf(request));
      return { url: signed.url, expires_at: signed.expiresAt.toISOString() };
    },
  });

  route(app, {
    url: '/kb/files/upload',
    access: 'user',
    handler: async ({ user, request }): Promise<UploadFilesResult> => {
      const { uploaded, failed } = await withUploadParts(request, (parts) =>
        files.receiveUploads(user, parts, {
          fileField: 'files',
          path: '/',
          isPrivate: true,
          override: false,
          fields: (fields) => {
            const parsed = parseInput(uploadFilesFields, fields);
            return { path: parsed.path, isPrivate: parsed.is_private, override: parsed.override };
          },
        }),
      );
      return { uploaded, failed: failed.map(({ name, reason, error }) => ({ name, reason, code: error.envelopeCode })) };
    },
  });

  route(app, {
    url: '/common/file/upload',
    access: 'user',
    handler: async ({ user, request }): Promise<CommonUploadResult> => {
      let needSigned = false;
      const { uploaded, failed } = await withUploadParts(request, (parts) =>
        files.receiveUploads(user, parts, {
          fileField: 'file',
          path: '/',
          isPrivate: true,
          override: false,
          fields: (fields) => {
            const parsed = parseInput(commonUploadFields, fields);
            needSigned = parsed.need_signed;
            return { path: parsed.path };
          },
        }),
      );
      const entry = uploaded[0];
      if (!entry) throw failed[0]?.error ?? badInput('请选择要上传的文件（字段 file）');
      const signed = needSigned ? files.signedUrl(entry.id, signedUrlTtlSeconds, originOf(request)) : undefined;
      return { ...entry, signed_url: signed?.url ?? null, signed_url_expires_at: signed?.expiresAt.toISOString() ?? null };
    },
  });

  // Links that work without a session: the signature and expiry are the credential.
  route(app, {
    method: 'GET',
    url: '/common/file/signed/:token',
    access: 'public',
    params: linkParams,
    handler: async ({ params, reply }) => sendFile(downloadSink(reply), await files.openByLink('signed', params.token)),
  });
  route(app, {
    method: 'GET',
    url: '/kb/files/shared/:token',
    access: 'public',
    params: linkParams,
    handler: async ({ params, reply }) => sendFile(downloadSink(reply), await files.openByLink('share', params.token)),
  });
}
