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
  type UploadFilesResult,
} from '@agent-platform/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badInput, parseInput, route } from '../../platform/http/index.js';
import type { FileService } from './files.service.js';
import { sendFile } from './send-file.js';

const linkParams = z.object({ token: z.string().max(200) });

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The file manager, uploads, and the links that work without a session. */
export function fileRoutes(app: FastifyInstance, files: FileService, signedUrlTtlSeconds: number): void {
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
    handler: async ({ user, body, reply }) => sendFile(reply, await files.openForViewer(user, body.file_id)),
  });

  route(app, {
    url: '/kb/files/upload',
    access: 'user',
    handler: async ({ user, request }): Promise<UploadFilesResult> => {
      const { uploaded, failed } = await files.receiveUploads(user, request, {
        fileField: 'files',
        path: '/',
        isPrivate: true,
        override: false,
        fields: (fields) => {
          const parsed = parseInput(uploadFilesFields, fields);
          return { path: parsed.path, isPrivate: parsed.is_private, override: parsed.override };
        },
      });
      return { uploaded, failed: failed.map(({ name, reason, error }) => ({ name, reason, code: error.envelopeCode })) };
    },
  });

  route(app, {
    url: '/common/file/upload',
    access: 'user',
    handler: async ({ user, request }): Promise<CommonUploadResult> => {
      let needSigned = false;
      const { uploaded, failed } = await files.receiveUploads(user, request, {
        fileField: 'file',
        path: '/',
        isPrivate: true,
        override: false,
        fields: (fields) => {
          const parsed = parseInput(commonUploadFields, fields);
          needSigned = parsed.need_signed;
          return { path: parsed.path };
        },
      });
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
    handler: async ({ request, reply }) => sendFile(reply, await files.openByLink('signed', parseInput(linkParams, request.params).token)),
  });
  route(app, {
    method: 'GET',
    url: '/kb/files/shared/:token',
    access: 'public',
    handler: async ({ request, reply }) => sendFile(reply, await files.openByLink('share', parseInput(linkParams, request.params).token)),
  });
}
