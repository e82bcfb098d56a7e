import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import yazl from 'yazl';
import type { FileEntry } from '@agent-platform/contracts';
import type { FolderContentEntry } from './files.repo.js';
import { contentDisposition } from './mime.js';

/** A folder to send as a zip: its entry, what is inside it, and how to open one file's bytes. */
export interface OpenedFolder {
  entry: FileEntry;
  contents: FolderContentEntry[];
  openBlob(storageKey: string): Promise<Readable>;
}

/**
 * Streams a folder as a zip. Each file is opened only when the zip reaches it and flows through with
 * backpressure, so memory stays flat however large the folder; only the zip's directory (a few dozen
 * bytes per entry) is kept until the end.
 */
export async function sendFolderZip(reply: FastifyReply, folder: OpenedFolder): Promise<void> {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  for (const item of folder.contents) {
    if (item.kind === 'folder') {
      zip.addEmptyDirectory(item.path, { mtime: item.updatedAt });
    } else if (item.storageKey) {
      const key = item.storageKey;
      zip.addReadStreamLazy(item.path, { mtime: item.updatedAt }, (callback) => {
        folder.openBlob(key).then(
          (stream) => callback(null, stream),
          (error: Error) => callback(error, undefined as never),
        );
      });
    }
  }
  zip.end();
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'application/zip',
    'content-disposition': contentDisposition('attachment', `${folder.entry.name}.zip`),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });
  // A file missing from the store ends the zip early: the download fails visibly rather than silently lacking it.
  await pipeline(output, reply.raw).catch((error: unknown) => reply.log.info({ err: error }, 'folder download interrupted'));
}
