import path from 'node:path';
import type { Config } from '../../config.js';
import type { Logger, ReferenceRegistry } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import { loadOrCreateKeyFile, parseSecretKey } from '../../platform/security/index.js';
import { createStore, type BlobStore } from '../../platform/storage/index.js';
import { createFileLinks } from './file-links.js';
import { createUploadReceiver } from './file-uploads.js';
import { createFileManager, type FileService } from './files.service.js';

export { fileRoutes } from './files.routes.js';
export { sendFile } from './send-file.js';
export { mimeOf } from './mime.js';
export type { FileService, OpenedFile } from './files.service.js';
export type { OpenedFolder } from './folder-zip.js';
export { MAX_FILES_PER_REQUEST } from './file-uploads.js';
export type { ReceiveOptions, ReceivedUploads, UploadFailure, UploadTarget } from './file-uploads.js';

export interface FileModuleDeps {
  db: Db;
  config: Config;
  log: Logger;
  /** Modules that refer to files (knowledge bases …): a file in use is not deleted. */
  references: ReferenceRegistry<Db>;
  /** Tests pass a store of their own; otherwise the configured one. */
  store?: BlobStore;
}

/** The file manager and the store behind it. */
export function createFileModule({ db, config, log, references, store = createStore(config) }: FileModuleDeps): { service: FileService; store: BlobStore } {
  const secretKey = config.SECRET_KEY ? parseSecretKey(config.SECRET_KEY) : loadOrCreateKeyFile(path.join(config.dataDir, 'secret.key'));
  if (!secretKey) throw new Error('SECRET_KEY 必须是 32 字节');
  const manager = createFileManager({ db, store, links: createFileLinks(secretKey), log, references });
  const receiveUploads = createUploadReceiver({
    db,
    store,
    maxBytes: config.UPLOAD_MAX_BYTES,
    discardBlob: (key) => store.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'could not delete a stored file')),
  });
  return { service: { ...manager, receiveUploads }, store };
}

/** The calls of this module that take multipart bodies; `installMultipart` (platform/http) accepts them nowhere else. */
export const FILE_UPLOAD_URLS = ['/api/kb/files/upload', '/api/common/file/upload'];

export { questionWithAttachments, readChatAttachments, readQuestionFiles, withAttachedFiles, type ChatAttachments, type ReadChatAttachments } from './chat-attachments.js';
